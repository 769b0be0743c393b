import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MEMBER_INFO_KEY } from './get-member-info';

/** Only the fields being changed are sent; the real name (payeeName) can be set once. */
export interface ProfileUpdate {
  nickname?: string;
  email?: string;
  payeeName?: string;
}

const updateProfile = (body: ProfileUpdate) => api.put<null>('/wps/member/profile', body);

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => qc.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
  });
}
