import type { LoginRequest, LoginResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The agent-page login (encrypted like the site's login): only agent types get a session; any
 * other account is refused with the server's "not an agent" message (login.not.agent).
 */
export const agentLogin = (body: LoginRequest) =>
  api.sendEncrypted<LoginResult>('POST', '/wps/agent/login', body);

export const useAgentLogin = () => useMutation({ mutationFn: agentLogin });
