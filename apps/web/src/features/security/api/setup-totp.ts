import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TotpSetup {
  secret: string;
  /** otpauth:// URL shown as a QR code for authenticator apps. */
  otpauthUrl: string;
}

/** A new secret; the authenticator is only on once a code from it is confirmed. */
const setupTotp = () => api.post<TotpSetup>('/wps/member/totp/setup');

export const useSetupTotp = () => useMutation({ mutationFn: setupTotp });
