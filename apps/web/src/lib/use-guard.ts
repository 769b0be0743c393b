import { useCallback } from 'react';
import { usePopups } from './popups';
import { isTrial, useSession } from './session';

/** What the login popup is told when the guard opened it. */
export const LOGIN_REQUIRED = { reason: 'loginRequired' } as const;

/**
 * Protected-action guard (SPEC section 5): with no token the login popup opens and the action
 * stops; a trial account (isAgent 4) gets the real-account warning and stops, unless the action
 * allows trial accounts (`allowTrial`: a lottery bet or a game with play money); anyone else goes
 * ahead. Every feature's members-only actions use this one.
 */
export function useGuard(): (action: () => void, opts?: { allowTrial?: boolean }) => void {
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const show = usePopups((s) => s.show);
  return useCallback(
    (action: () => void, opts?: { allowTrial?: boolean }) => {
      if (!token) return show('login', LOGIN_REQUIRED);
      if (trial && !opts?.allowTrial) return show('realAccountNeeded');
      action();
    },
    [token, trial, show],
  );
}
