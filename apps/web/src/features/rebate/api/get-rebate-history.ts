import { REBATE_LIMITS, type RebateHistory } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { REBATE_ROOT } from './keys';

/** The member's rebate payouts of the last days (manual claims and daily payouts), newest first. */
const getRebateHistory = (days: number = REBATE_LIMITS.historyDays) =>
  api.get<RebateHistory>('/wps/rebate/history', { days });

const rebateHistoryQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [REBATE_ROOT, 'history', customerId],
    queryFn: () => getRebateHistory(),
    staleTime: 15_000,
  });

export const useRebateHistory = () => useQuery(rebateHistoryQueryOptions(useSession((s) => s.customerId)));
