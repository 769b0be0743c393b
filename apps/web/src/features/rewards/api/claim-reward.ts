import type { Claimable, RewardClaimRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';

/** Claims one listed reward ({source, id} as listed); its source pays it once. */
const claimReward = (body: RewardClaimRequest) => api.post<Claimable>('/wps/rewards/claim', body);

export function useClaimReward() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    // Balance, records, inbox, and every rewards query (this list, missions, badges).
    onSuccess: () => invalidateMoneyQueries(qc),
  });
}
