import type { Claimable } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';

/** Claims the reward for one qualified friend (paid once per friend). */
const claimReferral = (friendId: string) => api.post<Claimable>('/wps/referral/claim', { friendId });

export function useClaimReferral() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: claimReferral,
    // The balance, the inbox (a message), the reward lists and their badges all changed.
    onSettled: () => invalidateMoneyQueries(qc),
  });
}
