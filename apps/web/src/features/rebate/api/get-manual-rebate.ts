import type { ManualRebate } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { REBATE_ROOT } from './keys';

/** Today's rebate so far per game type, what is claimed and what can be claimed now. */
const getManualRebate = () => api.get<ManualRebate>('/wps/rebate/manual');

const manualRebateQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [REBATE_ROOT, 'manual', customerId],
    queryFn: getManualRebate,
    staleTime: 10_000,
    // Bets keep settling while the page is open: the figures follow.
    refetchInterval: 30_000,
  });

export const useManualRebate = () => useQuery(manualRebateQueryOptions(useSession((s) => s.customerId)));
