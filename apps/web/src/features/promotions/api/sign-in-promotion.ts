import { PROMO_CALLS, type PromotionDetail } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterAction, relay } from './keys';

/** Today's check-in of a sign-in promotion and its bonus. */
const signInPromotion = (promotionId: string) =>
  api.post<PromotionDetail>(relay(PROMO_CALLS.sign), { promotionId });

export function useSignInPromotion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: signInPromotion, onSettled: () => afterAction(qc) });
}
