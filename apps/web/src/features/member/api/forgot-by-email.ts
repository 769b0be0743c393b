import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Forgot password: when username and e-mail match, a temporary password is e-mailed. */
const forgotByEmail = (body: { username: string; email: string }) =>
  api.post<null>('/wps/member/password/email', body);

export const useForgotByEmail = () => useMutation({ mutationFn: forgotByEmail });
