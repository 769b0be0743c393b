import type { LotteryMyBets } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { awaitingSettlement } from '../draw-watch';
import { lotteryKeys } from './keys';

/** The member's last bet lines in this game, newest first (LOTTERY_HISTORY_SIZE). */
const getMyBets = (vendor: string, gameCode: string) =>
  api.get<LotteryMyBets>('/lgw/lottery/bets', { gameCode, vendor: vendor || undefined });

const myBetsQueryOptions = (customerId: number | null, vendor: string, gameCode: string) =>
  queryOptions({
    queryKey: lotteryKeys.myBets(customerId, vendor, gameCode),
    queryFn: () => getMyBets(vendor, gameCode),
    staleTime: 5_000,
  });

/** Needs a session: idle without one. A bet, and every result, refetch it. */
export function useMyBets(vendor: string, gameCode: string) {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  return useQuery({
    ...myBetsQueryOptions(customerId, vendor, gameCode),
    enabled: !!token,
    refetchInterval: (query) => (awaitingSettlement(query.state.data) ? 3_000 : false),
  });
}
