import type { ConsolidatedFunds } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** The funds summary: balance, on hold and the turnover still to bet before withdrawing. */
export const getConsolidatedFunds = () => api.get<ConsolidatedFunds>('/wps/member/info/funds/consolidated');

export const consolidatedFundsQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.wallet, 'funds', customerId],
    queryFn: getConsolidatedFunds,
    staleTime: 15_000,
  });

export const useConsolidatedFunds = () =>
  useQuery(consolidatedFundsQueryOptions(useSession((s) => s.customerId)));
