import type { Deposit, DepositRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';

/** Makes a deposit order (money moves later: approval, or the gateway's notification). */
const createDeposit = (body: DepositRequest) => api.post<Deposit>('/wps/cashier/deposit', body);

export function useCreateDeposit() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createDeposit, onSuccess: () => invalidateMoneyQueries(qc) });
}
