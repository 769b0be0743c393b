import type { Withdrawal, WithdrawRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';

/** Requests a withdrawal: the amount goes on hold until paid or rejected. Encrypted. */
const createWithdrawal = (body: WithdrawRequest) =>
  api.sendEncrypted<Withdrawal>('POST', '/wps/cashier/withdraw', body);

export function useCreateWithdrawal() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createWithdrawal, onSuccess: () => invalidateMoneyQueries(qc) });
}
