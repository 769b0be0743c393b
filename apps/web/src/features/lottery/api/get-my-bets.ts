import type { LotteryMyBets } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchForEvent, usePollWhileOffline, usePushTopic } from '../../../lib/push';
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
  const qc = useQueryClient();
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  const pollMs = usePollWhileOffline(3_000, 15_000);
  const options = myBetsQueryOptions(customerId, vendor, gameCode);
  usePushTopic(token ? 'lottery' : null, (kind) => {
    if (kind !== 'drawn' && awaitingSettlement(qc.getQueryData(options.queryKey)))
      void refetchForEvent(qc, { queryKey: options.queryKey });
  });
  return useQuery({
    ...options,
    enabled: !!token,
    refetchInterval: (query) => (awaitingSettlement(query.state.data) ? pollMs : false),
  });
}
