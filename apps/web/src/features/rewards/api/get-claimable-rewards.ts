import type { ClaimableRewards } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { usePollWhileOffline } from '../../../lib/push';
import { canOpenMemberCentre, useSession } from '../../../lib/session';

/** What I can claim now from promotions, missions, rebates and referral, and how many. */
const getClaimableRewards = () => api.get<ClaimableRewards>('/wps/rewards/claimable');

/** Every minute while the push channel is down; every 5 min while money events refresh it. */
const POLL_MS = 60_000;
const PUSHED_POLL_MS = 5 * 60_000;

/** Under the rewards root (any claim refreshes it); keyed by member and language (titles). */
const claimableRewardsQueryOptions = (customerId: number | null, lang: string) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.rewards, 'claimable', customerId, lang],
    queryFn: getClaimableRewards,
    staleTime: 15_000,
  });

/** The reward centre's list and the menu's red badge (count) share this query. */
export function useClaimableRewards() {
  const customerId = useSession((s) => s.customerId);
  const allowed = useSession(canOpenMemberCentre);
  const refetchInterval = usePollWhileOffline(POLL_MS, PUSHED_POLL_MS);
  return useQuery({
    ...claimableRewardsQueryOptions(customerId, useApiLanguage()),
    enabled: allowed,
    refetchInterval,
  });
}
