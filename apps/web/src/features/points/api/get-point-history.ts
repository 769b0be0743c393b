import { POINTS_LIMITS, type PointHistory } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { POINTS_ROOT } from './keys';

/** The member's points entries (earned, redeemed, refunded, converted), newest first. */
const getPointHistory = (pageNo: number) =>
  api.get<PointHistory>('/wps/points/getPointHistory', { pageNo, pageSize: POINTS_LIMITS.pageSize });

const pointHistoryQueryOptions = (customerId: number | null, pageNo: number, lang: string) =>
  queryOptions({
    queryKey: [POINTS_ROOT, 'history', customerId, pageNo, lang],
    queryFn: () => getPointHistory(pageNo),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const usePointHistory = (pageNo: number) =>
  useQuery(
    pointHistoryQueryOptions(
      useSession((s) => s.customerId),
      pageNo,
      currentApiLanguage(),
    ),
  );
