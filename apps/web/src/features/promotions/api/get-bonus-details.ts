import { PROMO_CALLS, type BonusDetailKind, type BonusDetails } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DayRange } from '../../../lib/days';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { relay } from './keys';

interface BonusDetailsQuery extends DayRange {
  kind?: BonusDetailKind;
  pageNo: number;
  pageSize: number;
}

/** Bonuses, rebates and points paid into the main wallet, with the turnover still to bet. */
const getBonusDetails = (q: BonusDetailsQuery) =>
  api.get<BonusDetails>(relay(PROMO_CALLS.bonusDetails), { ...q });

/** Under the records root: whatever moves money refreshes it (lib/query-keys). */
const bonusDetailsQueryOptions = (customerId: number | null, q: BonusDetailsQuery) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.records, 'bonus-details', customerId, q],
    queryFn: () => getBonusDetails(q),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useBonusDetails = (q: BonusDetailsQuery) =>
  useQuery(
    bonusDetailsQueryOptions(
      useSession((s) => s.customerId),
      q,
    ),
  );
