import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Ends every other session of the member; this one stays. */
const logoutOthers = () => api.post<null>('/wps/session/logout/others');

export const useLogoutOthers = () => useMutation({ mutationFn: logoutOthers });
