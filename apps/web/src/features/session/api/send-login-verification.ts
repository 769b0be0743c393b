import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Sends the code of the extra verification step to the member's phone or e-mail. */
const sendLoginVerification = (body: { pendingToken: string; method: 'SMS' | 'EMAIL' }) =>
  api.post<{ expiredMinutes: number }>('/wps/session/login/verify/send', body);

export const useSendLoginVerification = () => useMutation({ mutationFn: sendLoginVerification });
