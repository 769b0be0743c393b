import type { CockfightBetRequest, CockfightBetResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cockfightKeys, gameTokenOptions } from './game-token';

/** A bet on the fight in its betting window; idempotent on requestId (a retry is the same bet). */
export const placeCockfightBet = (token: string, body: CockfightBetRequest) =>
  api.post<CockfightBetResult>('/wps/house/cockfight/bet', body, gameTokenOptions(token));

export const usePlaceCockfightBet = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CockfightBetRequest) => placeCockfightBet(token, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: cockfightKeys.state(token) }),
        client.invalidateQueries({ queryKey: cockfightKeys.history(token) }),
      ]),
  });
};
