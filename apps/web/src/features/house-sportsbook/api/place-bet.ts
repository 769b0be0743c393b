import type { SportsbookBetResult, SportsbookPlaceRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sportsbookGame } from './game';

/** A single (one leg) or a parlay at the odds seen; the same requestId for a retry of the same bet. */
const placeBet = (token: string, body: SportsbookPlaceRequest) =>
  sportsbookGame.post<SportsbookBetResult>(token, 'bet', body);

export const usePlaceBet = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SportsbookPlaceRequest) => placeBet(token, body),
    onSettled: () => client.invalidateQueries({ queryKey: sportsbookGame.key(token, 'bets') }),
  });
};
