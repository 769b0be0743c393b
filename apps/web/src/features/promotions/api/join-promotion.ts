import { PROMO_CALLS, type PromotionDetail } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterAction, relay } from './keys';

/** Joins a deposit promotion: the next approved deposit of the period gets the bonus. */
const joinPromotion = (promotionId: string) =>
  api.post<PromotionDetail>(relay(PROMO_CALLS.join), { promotionId });

export function useJoinPromotion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: joinPromotion, onSettled: () => afterAction(qc) });
}
