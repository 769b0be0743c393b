import type { Withdrawal } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';

interface ConfirmPayout {
  withdrawalId: string;
  payoutId: string;
  /** true: the money arrived; false: it did not (proof images required). */
  received: boolean;
  imageIds?: string[];
  remark?: string;
}

/** The member's answer to a payout (SPEC section 4, withdrawal confirmation); answers the withdrawal. */
const confirmPayout = ({ withdrawalId, payoutId, ...body }: ConfirmPayout) =>
  api.post<Withdrawal>(
    `/wps/cashier/withdrawals/${encodeURIComponent(withdrawalId)}/payouts/${encodeURIComponent(payoutId)}/confirm`,
    body,
  );

export function useConfirmPayout() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmPayout, onSuccess: () => invalidateMoneyQueries(qc) });
}
