import type { SportsbookBetResult, SportsbookPlaceRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameTokenOptions, sportsbookKeys } from './game-token';

/** A single (one leg) or a parlay at the odds seen; the same requestId for a retry of the same bet. */
export const placeBet = (token: string, body: SportsbookPlaceRequest) =>
  api.post<SportsbookBetResult>('/wps/house/sportsbook/bet', body, gameTokenOptions(token));

export const usePlaceBet = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SportsbookPlaceRequest) => placeBet(token, body),
    onSettled: () => client.invalidateQueries({ queryKey: sportsbookKeys.bets(token) }),
  });
};
