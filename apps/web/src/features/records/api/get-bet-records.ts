import type { BetRecordList, GameType } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DayRange } from '../../../lib/days';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

interface BetRecordQuery extends DayRange {
  gameType?: GameType;
  vendor?: string;
  pageNo: number;
  pageSize: number;
}

/** The betting record: each bet with stake, valid bet, payout and win/loss, and the totals. */
const getBetRecords = (q: BetRecordQuery) => api.get<BetRecordList>('/wps/relay/ODSFE2_MemBetDet', { ...q });

const betRecordsQueryOptions = (customerId: number | null, q: BetRecordQuery) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.records, 'bets', customerId, q],
    queryFn: () => getBetRecords(q),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useBetRecords = (q: BetRecordQuery) =>
  useQuery(
    betRecordsQueryOptions(
      useSession((s) => s.customerId),
      q,
    ),
  );
