import { POINTS_LIMITS, type RedemptionList } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { POINTS_ROOT } from './keys';

/** The member's redemptions with their states, newest first. */
const getRedemptions = (pageNo: number) =>
  api.get<RedemptionList>('/wps/points/getRedeemPointList', { pageNo, pageSize: POINTS_LIMITS.pageSize });

const redemptionsQueryOptions = (customerId: number | null, pageNo: number, lang: string) =>
  queryOptions({
    queryKey: [POINTS_ROOT, 'redemptions', customerId, pageNo, lang],
    queryFn: () => getRedemptions(pageNo),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useRedemptions = (pageNo: number) =>
  useQuery(
    redemptionsQueryOptions(
      useSession((s) => s.customerId),
      pageNo,
      currentApiLanguage(),
    ),
  );
