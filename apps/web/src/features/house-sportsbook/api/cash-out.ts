import type { SportsbookBetResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameTokenOptions, sportsbookKeys } from './game-token';

/** Settles an open bet now for the offer seen; refused with the new offer if it changed. */
export const cashOut = (token: string, body: { betId: string; value: number }) =>
  api.post<SportsbookBetResult>('/wps/house/sportsbook/cashout', body, gameTokenOptions(token));

export const useCashOut = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { betId: string; value: number }) => cashOut(token, body),
    onSettled: () => client.invalidateQueries({ queryKey: sportsbookKeys.bets(token) }),
  });
};
