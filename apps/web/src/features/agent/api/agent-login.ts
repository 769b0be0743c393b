import type { LoginRequest, LoginResult } from '@app/contracts';
import { api } from '../../../lib/api-client';

/**
 * The agent-page login (encrypted like the site's login, by password or SMS code): only agent
 * types get a session; any other account is refused with the server's "not an agent" message
 * (login.not.agent). A failure may carry captchaRequired or the new-IP verification step.
 */
export const agentLogin = (body: LoginRequest) =>
  api.sendEncrypted<LoginResult>('POST', '/wps/agent/login', body);
