import { useCallback } from 'react';
import { usePopups } from '../../../lib/popups';
import { isTrial, useSession } from '../../../lib/session';

/** What the login popup is told when the guard opened it. */
export const LOGIN_REQUIRED = { reason: 'loginRequired' } as const;

/**
 * Protected-action guard (SPEC section 5): with no token the login popup opens; a trial account
 * (isAgent 4) gets the real-account warning; anyone else goes ahead.
 */
export function useGuard(): (action: () => void) => void {
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const show = usePopups((s) => s.show);
  return useCallback(
    (action: () => void) => {
      if (!token) return show('login', LOGIN_REQUIRED);
      if (trial) return show('realAccountNeeded');
      action();
    },
    [token, trial, show],
  );
}
