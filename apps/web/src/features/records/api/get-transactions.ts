import type { TransactionList, TransactionType } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DayRange } from '../../../lib/days';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

interface TransactionQuery extends DayRange {
  type?: TransactionType;
  pageNo: number;
  pageSize: number;
}

/** The account record: every movement of the member's money, signed, with the balance after. */
const getTransactions = (q: TransactionQuery) =>
  api.get<TransactionList>('/wps/relay/ODSFE2_MemTransDet', { ...q });

const transactionsQueryOptions = (customerId: number | null, q: TransactionQuery) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.records, 'transactions', customerId, q],
    queryFn: () => getTransactions(q),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useTransactions = (q: TransactionQuery) =>
  useQuery(
    transactionsQueryOptions(
      useSession((s) => s.customerId),
      q,
    ),
  );
