import { PROMO_CALLS, type PromotionApplyRequest, type PromotionDetail } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterAction, relay } from './keys';

/** Applies with a remark and the ids of images uploaded first (`POST /wps/cashier/images`). */
const applyPromotion = (body: PromotionApplyRequest) =>
  api.post<PromotionDetail>(relay(PROMO_CALLS.apply), body);

export function useApplyPromotion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: applyPromotion, onSettled: () => afterAction(qc) });
}
