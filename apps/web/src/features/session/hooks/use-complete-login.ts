import type { LoginResult } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePopups } from '../../../lib/popups';
import { useSession } from '../../../lib/session';

/**
 * What every successful login does (SPEC section 4): keep the token and user info, close the
 * popup and fetch the member's data afresh. A forced password change needs nothing more here:
 * the change-password modal follows the session's mustChangePassword flag.
 */
export function useCompleteLogin() {
  const signIn = useSession((s) => s.signIn);
  const close = usePopups((s) => s.close);
  const queryClient = useQueryClient();
  return useCallback(
    (result: LoginResult) => {
      signIn(result);
      close();
      void queryClient.invalidateQueries({ queryKey: ['member'] });
    },
    [signIn, close, queryClient],
  );
}
