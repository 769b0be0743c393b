import type { Mission, MissionClaimRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';

/** Claims this period's reward of a mission; answers the mission, CLAIMED. */
const claimMission = (body: MissionClaimRequest) => api.post<Mission>('/wps/mission/claim', body);

export function useClaimMission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: claimMission,
    // The balance, the bonus records, the inbox (a MISSION_REWARD message), the missions, the
    // leaderboard and every reward badge change together.
    onSuccess: () => invalidateMoneyQueries(qc),
  });
}
