import type { RebateClaimResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';
import { REBATE_ROOT } from './keys';

/** Claims today's claimable rebate (the day the member confirmed) into the main wallet. */
const claimRebate = (day: string) => api.post<RebateClaimResult>('/wps/rebate/manual/claim', { day });

export function useClaimRebate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: claimRebate,
    // Claimed or refused, the figures are refreshed; money moved refreshes the balance, records
    // and inbox (the server wrote a REBATE message) too.
    onSettled: () => qc.invalidateQueries({ queryKey: [REBATE_ROOT] }),
    onSuccess: () => invalidateMoneyQueries(qc),
  });
}
