import type { LoginRequest, LoginResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Log in by username and password or by mobile number and SMS code (encrypted). A failure may
 * carry `captchaRequired` or, from a new IP, the pending login of the extra verification step.
 */
export const login = (body: LoginRequest) =>
  api.sendEncrypted<LoginResult>('POST', '/wps/session/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
