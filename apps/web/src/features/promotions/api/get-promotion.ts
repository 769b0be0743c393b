import { PROMO_CALLS, type Language, type PromotionDetail } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { PROMO_ROOT, relay } from './keys';

/** One promotion with its content, rule figures and the caller's part. */
const getPromotion = (promotionId: string) =>
  api.get<PromotionDetail>(relay(PROMO_CALLS.detail), { promotionId });

/**
 * Always fetched again when the page opens: a deposit made elsewhere (the member centre) may have
 * issued its bonus since.
 */
const promotionQueryOptions = (customerId: number | null, lang: Language, promotionId: string) =>
  queryOptions({
    queryKey: [PROMO_ROOT, 'detail', customerId, lang, promotionId],
    queryFn: () => getPromotion(promotionId),
    staleTime: 0,
  });

/** Not asked for when `enabled` is false (an address without a well-formed id names no promotion). */
export const usePromotion = (promotionId: string, enabled = true) =>
  useQuery({
    ...promotionQueryOptions(
      useSession((s) => s.customerId),
      useApiLanguage(),
      promotionId,
    ),
    enabled,
  });
