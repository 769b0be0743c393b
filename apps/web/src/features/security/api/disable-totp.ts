import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MEMBER_INFO_KEY } from './get-member-info';

/** A current code and the login password turn the authenticator off. */
const disableTotp = (body: { code: string; password: string }) =>
  api.post<null>('/wps/member/totp/disable', body);

export function useDisableTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => qc.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
  });
}
