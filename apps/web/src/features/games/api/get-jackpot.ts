import { JACKPOT_REFRESH_MS, type Jackpot } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchForEvent, usePushTopic } from '../../../lib/push';

/** The brand's progressive jackpot pool now, with its newest winner (the counter shows one). */
const getJackpot = () => api.get<Jackpot>('/wps/game/jackpot', { limit: 1 });

/** Asked again as often as the server says (10 s); the counter animates in between. */
export const jackpotQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'jackpot'],
    queryFn: getJackpot,
    staleTime: JACKPOT_REFRESH_MS / 2,
    refetchInterval: (q) => q.state.data?.refreshMs ?? JACKPOT_REFRESH_MS,
  });

/** A win is heard at once (the pool drops to its seed, the winner board gains its head). */
export function useJackpot() {
  const qc = useQueryClient();
  usePushTopic('jackpot', () => {
    void refetchForEvent(qc, { queryKey: ['games', 'jackpot'] });
    void refetchForEvent(qc, { queryKey: ['games', 'winnerBoard'] });
  });
  return useQuery(jackpotQueryOptions());
}
