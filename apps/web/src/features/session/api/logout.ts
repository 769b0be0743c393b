import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getRememberToken } from '../../../lib/session';

/**
 * Ends this session on the server, and this device's remember token with it (POST: the verb
 * real clients also use, and one that carries a body).
 */
const logout = () => {
  const rememberToken = getRememberToken();
  return api.post<null>('/wps/session/logout', rememberToken ? { rememberToken } : {});
};

export const useLogout = () => useMutation({ mutationFn: logout });
