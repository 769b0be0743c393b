import type { LotteryBetRequest, LotteryBetResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { lotteryKeys } from './keys';

/** A slip of lines on the current draw; idempotent on requestId (a retried slip is the same slip). */
const placeLotteryBet = (body: LotteryBetRequest) => api.post<LotteryBetResult>('/lgw/lottery/bet', body);

/** Afterwards the game (balance), my bets and the header's balance are stale. */
export function usePlaceLotteryBet(vendor: string, gameCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeLotteryBet,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: lotteryKeys.game(vendor, gameCode) }),
        client.invalidateQueries({ queryKey: ['lottery', 'bets'] }),
        client.invalidateQueries({ queryKey: [QUERY_ROOTS.wallet] }),
      ]),
  });
}
