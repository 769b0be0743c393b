import type { ExtraVerificationMethod, LoginResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface VerifyLoginBody {
  pendingToken: string;
  method: ExtraVerificationMethod;
  answer: string;
  remember?: boolean;
}

/** Second step of a login from a new IP (encrypted): the answer for the chosen method. */
const verifyLogin = (body: VerifyLoginBody) =>
  api.sendEncrypted<LoginResult>('POST', '/wps/session/login/verify', body);

export const useVerifyLogin = () => useMutation({ mutationFn: verifyLogin });
