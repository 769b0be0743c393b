import type { Withdrawal } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';

/** Takes back a withdrawal that waits for identity verification: its amount returns to the wallet. */
const cancelWithdrawal = (id: string) =>
  api.post<Withdrawal>(`/wps/cashier/withdrawals/${encodeURIComponent(id)}/cancel`);

export function useCancelWithdrawal() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelWithdrawal, onSuccess: () => invalidateMoneyQueries(qc) });
}
