import type { AgentDownlineTransferRequest, AgentTransferResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';
import { AGENT_ROOT } from './keys';

/** The agent pays a member of its own downline (encrypted: it carries the payment password). */
const transferToDownline = (body: AgentDownlineTransferRequest) =>
  api.sendEncrypted<AgentTransferResult>('POST', '/wps/agent/transfer/downline', body);

export function useTransferToDownline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: transferToDownline,
    onSuccess: () =>
      Promise.all([invalidateMoneyQueries(qc), qc.invalidateQueries({ queryKey: [AGENT_ROOT] })]),
  });
}
