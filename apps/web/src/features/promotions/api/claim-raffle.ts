import { PROMO_CALLS, type RaffleResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterAction, relay } from './keys';

/** Draws a raffle promotion's prize (`MCS2_claimRafflePromotion`); a repeat answers the same prize. */
const claimRaffle = (promotionId: string) =>
  api.post<RaffleResult>(relay(PROMO_CALLS.raffle), { promotionId });

export function useClaimRaffle() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: claimRaffle, onSettled: () => afterAction(qc) });
}
