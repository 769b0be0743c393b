import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The SMS code for logging in by mobile number. */
const sendLoginCode = (body: { countryDialingCode: string; mobileNum: string }) =>
  api.post<{ expiredMinutes: number }>('/wps/verification/sms/noLogin', { ...body, purpose: 'login' });

export const useSendLoginCode = () => useMutation({ mutationFn: sendLoginCode });
