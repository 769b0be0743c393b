import type { CockfightBetRequest, CockfightBetResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cockfightGame } from './game';
import { cockfightStateKey } from './get-cockfight-state';

/** A bet on the fight in its betting window; idempotent on requestId (a retry is the same bet). */
const placeCockfightBet = (token: string, body: CockfightBetRequest) =>
  cockfightGame.post<CockfightBetResult>(token, 'bet', body);

export const usePlaceCockfightBet = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CockfightBetRequest) => placeCockfightBet(token, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: cockfightStateKey(token) }),
        client.invalidateQueries({ queryKey: cockfightGame.keys.history(token) }),
      ]),
  });
};
