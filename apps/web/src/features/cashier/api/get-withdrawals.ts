import type { Withdrawal } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

interface WithdrawalPage {
  list: Withdrawal[];
  totalPages: number;
}

const WITHDRAWALS_PAGE_SIZE = 10;

const getWithdrawals = (pageNo: number) =>
  api.get<WithdrawalPage>('/wps/cashier/withdrawals', { pageNo, pageSize: WITHDRAWALS_PAGE_SIZE });

const withdrawalsQueryOptions = (customerId: number | null, pageNo: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.cashier, 'withdrawals', customerId, pageNo],
    queryFn: () => getWithdrawals(pageNo),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useWithdrawals = (pageNo: number) =>
  useQuery(
    withdrawalsQueryOptions(
      useSession((s) => s.customerId),
      pageNo,
    ),
  );
