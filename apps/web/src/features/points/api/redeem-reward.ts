import type { RedeemPointRewardRequest, Redemption } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';
import { invalidatePoints } from './keys';

/** Redeems a reward with the payment password (encrypted; the request id makes a retry redeem once). */
const redeemReward = (body: RedeemPointRewardRequest) =>
  api.sendEncrypted<Redemption>('POST', '/wps/points/passwordCheck/redeemPointReward', body);

export function useRedeemReward() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: redeemReward,
    // Points and stock changed; a bonus also moved money and wrote a message.
    onSuccess: () => Promise.all([invalidatePoints(qc), invalidateMoneyQueries(qc)]),
  });
}
