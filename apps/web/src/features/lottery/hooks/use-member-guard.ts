import { useCallback } from 'react';
import { usePopups } from '../../../lib/popups';
import { isTrial, useSession } from '../../../lib/session';

/** What the login popup is told when a lottery action opened it (the session guard's reason). */
const LOGIN_REQUIRED = { reason: 'loginRequired' } as const;

/**
 * Members-only lottery actions (SPEC section 5): no session opens the login popup and stops; a
 * trial account gets the real-account warning where `realOnly` (favourites). Betting is not
 * real-only: trial accounts bet with play money. Features do not import each other, so this
 * mirrors the session feature's guard on the shared session and popup stores.
 */
export function useMemberGuard() {
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const show = usePopups((s) => s.show);
  return useCallback(
    (action: () => void, realOnly = false) => {
      if (!token) return show('login', LOGIN_REQUIRED);
      if (realOnly && trial) return show('realAccountNeeded');
      action();
    },
    [token, trial, show],
  );
}
