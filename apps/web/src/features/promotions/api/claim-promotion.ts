import { PROMO_CALLS, type PromotionDetail } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterAction, relay } from './keys';

/** Claims a turnover promotion's bonus (paid once per period however often it is sent). */
const claimPromotion = (promotionId: string) =>
  api.post<PromotionDetail>(relay(PROMO_CALLS.claim), { promotionId });

export function useClaimPromotion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: claimPromotion, onSettled: () => afterAction(qc) });
}
