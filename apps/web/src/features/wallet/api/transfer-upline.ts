import type { UplineTransferRequest, UplineTransferResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';

/** A member pays its upline agent; the body travels encrypted (it carries the payment password). */
const transferUpline = (body: UplineTransferRequest) =>
  api.sendEncrypted<UplineTransferResult>('POST', '/wps/member/transfer/upline', body);

export function useTransferUpline() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: transferUpline, onSuccess: () => invalidateMoneyQueries(qc) });
}
