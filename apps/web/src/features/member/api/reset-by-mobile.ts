import type { LoginResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface MobileReset {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
}

/** Forgot password by mobile (encrypted): the SMS code proves the number; the member is logged in. */
const resetByMobile = (body: MobileReset) =>
  api.sendEncrypted<LoginResult>('POST', '/wps/member/password/verification', body);

export const useResetByMobile = () => useMutation({ mutationFn: resetByMobile });
