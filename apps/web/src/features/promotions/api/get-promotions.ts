import { PROMO_CALLS, PROMO_LIMITS, type Language, type PromotionList } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { PROMO_ROOT, relay } from './keys';

/** A page of promotions of a category (all when none), with the caller's state of each. */
const getPromotions = (categoryId: string | null, pageNo: number) =>
  api.get<PromotionList>(relay(PROMO_CALLS.list), {
    categoryId: categoryId ?? undefined,
    pageNo,
    pageSize: PROMO_LIMITS.pageSize,
  });

/** Keyed by member (states are the member's), language, category and page. */
const promotionsQueryOptions = (
  customerId: number | null,
  lang: Language,
  categoryId: string | null,
  pageNo: number,
) =>
  queryOptions({
    queryKey: [PROMO_ROOT, 'list', customerId, lang, categoryId, pageNo],
    queryFn: () => getPromotions(categoryId, pageNo),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const usePromotions = (categoryId: string | null, pageNo: number) =>
  useQuery(
    promotionsQueryOptions(
      useSession((s) => s.customerId),
      useApiLanguage(),
      categoryId,
      pageNo,
    ),
  );
