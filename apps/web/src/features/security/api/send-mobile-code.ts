import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface MobileCodeRequest {
  countryDialingCode: string;
  mobileNum: string;
}

/** An SMS code to the number the member wants to switch to. */
const sendMobileCode = (body: MobileCodeRequest) =>
  api.post<{ expiredMinutes: number }>('/wps/member/mobile/code', body);

export const useSendMobileCode = () => useMutation({ mutationFn: sendMobileCode });
