import type { SubAccount, SubAccountRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { AGENT_ROOT } from './keys';

/** A new account under the agent (encrypted: it carries the password the agent chose). */
const registerSubAccount = (body: SubAccountRequest) =>
  api.sendEncrypted<SubAccount>('POST', '/wps/agent/team/register', body);

export function useRegisterSubAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registerSubAccount,
    onSuccess: () => qc.invalidateQueries({ queryKey: [AGENT_ROOT] }),
  });
}
