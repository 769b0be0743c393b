import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The SMS code for resetting a forgotten password (the no-login SMS call with purpose reset). */
const sendResetCode = (body: { countryDialingCode: string; mobileNum: string }) =>
  api.post<{ expiredMinutes: number }>('/wps/verification/sms/noLogin', { ...body, purpose: 'reset' });

export const useSendResetCode = () => useMutation({ mutationFn: sendResetCode });
