import type { SportsbookBetResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sportsbookGame } from './game';

/** Settles an open bet now for the offer seen; refused with the new offer if it changed. */
const cashOut = (token: string, body: { betId: string; value: number }) =>
  sportsbookGame.post<SportsbookBetResult>(token, 'cashout', body);

export const useCashOut = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { betId: string; value: number }) => cashOut(token, body),
    onSettled: () => client.invalidateQueries({ queryKey: sportsbookGame.key(token, 'bets') }),
  });
};
