import type { LoginResult } from '@app/contracts';
import { api } from '../../../lib/api-client';

/** Exchanges a remember token for a new session; the answer carries the next remember token. */
export const loginWithRememberToken = (rememberToken: string) =>
  api.post<LoginResult>('/wps/session/login/remember', { rememberToken });
