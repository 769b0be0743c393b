import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Ends this session on the server. */
export const logout = () => api.delete<null>('/wps/session/logout');

export const useLogout = () => useMutation({ mutationFn: logout });
