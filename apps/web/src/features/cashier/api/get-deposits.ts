import type { Deposit } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

interface DepositPage {
  list: Deposit[];
  totalPages: number;
}

const DEPOSITS_PAGE_SIZE = 10;
const PENDING_POLL_MS = 10_000;

const getDeposits = (pageNo: number) =>
  api.get<DepositPage>('/wps/cashier/deposits', { pageNo, pageSize: DEPOSITS_PAGE_SIZE });

const depositsQueryOptions = (customerId: number | null, pageNo: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.cashier, 'deposits', customerId, pageNo],
    queryFn: () => getDeposits(pageNo),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    // While an online payment is open its state may change any moment (the gateway's notification).
    refetchInterval: (query) =>
      query.state.data?.list.some((d) => d.status === 'PENDING' && d.kind === 'ONLINE')
        ? PENDING_POLL_MS
        : false,
  });

export const useDeposits = (pageNo: number) =>
  useQuery(
    depositsQueryOptions(
      useSession((s) => s.customerId),
      pageNo,
    ),
  );
