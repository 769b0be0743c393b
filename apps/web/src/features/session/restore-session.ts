import { ApiError } from '../../lib/api-client';
import { forgetRememberToken, getRememberToken, useSession } from '../../lib/session';
import { getToken } from '../../lib/storage';
import { loginWithRememberToken } from './api/login-remember';

let restoring: Promise<void> | null = null;

/**
 * Start-up: with no session but a stored remember token, exchange it for a session before the
 * site renders. A refused token is forgotten; a network failure or maintenance keeps it.
 * Runs once per page load (the token rotates, so a second exchange would fail).
 */
export function restoreRememberedSession(): Promise<void> {
  restoring ??= (async () => {
    const rememberToken = getRememberToken();
    if (getToken() || !rememberToken) return;
    try {
      useSession.getState().signIn(await loginWithRememberToken(rememberToken));
    } catch (err) {
      // Refused (expired, revoked, another brand): forget it. Network trouble or maintenance: keep it.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) forgetRememberToken();
    }
  })();
  return restoring;
}
