import type { WithdrawInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** Limits, what may be withdrawn now, turnover still due, bound accounts and the banks offered. */
const getWithdrawInfo = () => api.get<WithdrawInfo>('/wps/cashier/withdraw/info');

const withdrawInfoQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.cashier, 'withdrawInfo', customerId],
    queryFn: getWithdrawInfo,
    staleTime: 10_000,
  });

export const useWithdrawInfo = () => useQuery(withdrawInfoQueryOptions(useSession((s) => s.customerId)));
