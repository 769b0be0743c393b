import type { Profit } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DayRange } from '../../../lib/days';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** Personal profit and loss per game type, with deposits, withdrawals and bonuses of the period. */
const getProfit = (range: DayRange) =>
  api.get<Profit>('/wps/relay/ODSFE2_MemProfit', { startTime: range.startTime, endTime: range.endTime });

const profitQueryOptions = (customerId: number | null, range: DayRange) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.records, 'profit', customerId, range.startTime, range.endTime],
    queryFn: () => getProfit(range),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useProfit = (range: DayRange) =>
  useQuery(
    profitQueryOptions(
      useSession((s) => s.customerId),
      range,
    ),
  );
