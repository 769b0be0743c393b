import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MEMBER_INFO_KEY } from './get-member-info';

const enableTotp = (body: { code: string }) => api.post<null>('/wps/member/totp/enable', body);

export function useEnableTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: () => qc.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
  });
}
