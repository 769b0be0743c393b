import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Encrypted. Afterwards every session of the member has ended, this one too. */
const changePassword = (body: PasswordChange) =>
  api.sendEncrypted<null>('POST', '/wps/member/password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
