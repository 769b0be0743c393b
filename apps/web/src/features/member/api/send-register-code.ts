import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The registration SMS code; refused for a number that already has an account. */
const sendRegisterCode = (body: { countryDialingCode: string; mobileNo: string }) =>
  api.post<{ expiredMinutes: number }>('/wps/verification/sms/register', body);

export const useSendRegisterCode = () => useMutation({ mutationFn: sendRegisterCode });
