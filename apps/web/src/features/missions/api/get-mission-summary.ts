import type { MissionSummaryDetails } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { usePollWhileOffline } from '../../../lib/push';
import { canOpenMemberCentre, useSession } from '../../../lib/session';

/** My missions of the current day and week with progress, and a summary (SPEC section 7). */
const getMissionSummary = () => api.get<MissionSummaryDetails>('/wps/relay/MCSFE_getMissionSummaryDetails');

/** Every minute while the push channel is down; every 5 min while money events refresh it. */
const POLL_MS = 60_000;
const PUSHED_POLL_MS = 5 * 60_000;

/**
 * Under the rewards root: any claim (a mission here, a reward in the reward centre, a promotion)
 * refreshes it. Keyed by member and language (titles come translated).
 */
const missionSummaryQueryOptions = (customerId: number | null, lang: string) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.rewards, 'missions', 'summary', customerId, lang],
    queryFn: getMissionSummary,
    staleTime: 15_000,
  });

/** The mission page's data and the menu's red badge (summary.claimable) share this query. */
export function useMissionSummary() {
  const customerId = useSession((s) => s.customerId);
  const allowed = useSession(canOpenMemberCentre);
  const refetchInterval = usePollWhileOffline(POLL_MS, PUSHED_POLL_MS);
  return useQuery({
    ...missionSummaryQueryOptions(customerId, useApiLanguage()),
    enabled: allowed,
    refetchInterval,
  });
}
