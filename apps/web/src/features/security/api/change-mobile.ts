import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MEMBER_INFO_KEY } from './get-member-info';

/** The SMS code proves the new number; the login password proves it is the member. */
interface MobileChange {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  password: string;
}

const changeMobile = (body: MobileChange) => api.put<null>('/wps/member/mobile', body);

export function useChangeMobile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeMobile,
    onSuccess: () => qc.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
  });
}
