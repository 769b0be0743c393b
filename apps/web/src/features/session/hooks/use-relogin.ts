import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client';
import { usePopups } from '../../../lib/popups';
import { useSession } from '../../../lib/session';
import { login } from '../api/login';
import type { VerifyLoginData } from '../components/verify-login-modal';
import { useCompleteLogin } from './use-complete-login';

/**
 * After a password change every session has ended: log in again with the stored username and
 * the new password (SPEC section 4). A login that needs the extra verification step opens it;
 * any other failure leaves the member logged out at the login popup.
 */
export function useRelogin(): (password: string) => Promise<void> {
  const complete = useCompleteLogin();
  return useCallback(
    async (password: string) => {
      const { username, signOut } = useSession.getState();
      const { show } = usePopups.getState();
      try {
        complete(await login({ type: 'username', username: username ?? '', password }));
      } catch (err) {
        // The old token died with the change: forget it before moving on.
        signOut();
        if (err instanceof ApiError && err.code === 'login.verification.required') {
          const data: VerifyLoginData = { pending: err.value as VerifyLoginData['pending'] };
          show('verifyLogin', data);
        } else {
          show('login');
        }
      }
    },
    [complete],
  );
}
