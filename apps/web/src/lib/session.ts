import { ACCOUNT_CENTRE_TYPES, SESSION_KEYS, TRIAL_IS_AGENT, type LoginResult } from '@app/contracts';
import { create } from 'zustand';
import { clearSessionExceptMerchant, local, session } from './storage';

/** Where the revocable remember token is kept (never the password). */
const REMEMBER_KEY = 'rememberToken';
const LAST_USER_KEY = 'lastUser';

interface SessionState {
  token: string | null;
  username: string | null;
  isAgent: number | null;
  customerId: number | null;
  /** The forced change-password modal is open until the password is changed. */
  mustChangePassword: boolean;
}

function fromStorage(): SessionState {
  const isAgent = session.get(SESSION_KEYS.isAgent);
  const customerId = session.get(SESSION_KEYS.customerId);
  return {
    token: session.get(SESSION_KEYS.token),
    username: session.get(SESSION_KEYS.username),
    isAgent: isAgent === null ? null : Number(isAgent),
    customerId: customerId === null ? null : Number(customerId),
    mustChangePassword: session.get('mustChangePassword') === '1',
  };
}

interface SessionStore extends SessionState {
  /** Keeps a login: the token and user info in session storage (SPEC section 3 keys). */
  signIn(result: LoginResult): void;
  passwordChanged(): void;
  /** Forgets the session: session storage cleared except merchant keys (SPEC section 4). */
  signOut(): void;
}

export const useSession = create<SessionStore>((set) => ({
  ...fromStorage(),
  signIn(result) {
    session.set(SESSION_KEYS.token, result.token);
    session.set(SESSION_KEYS.username, result.username);
    session.set(SESSION_KEYS.account, result.username);
    session.set(SESSION_KEYS.isAgent, String(result.isAgent));
    session.set(SESSION_KEYS.customerId, String(result.customerId));
    session.set('mustChangePassword', result.mustChangePassword ? '1' : '0');
    if (result.rememberToken) local.set(REMEMBER_KEY, result.rememberToken);
    if (result.isAgent !== TRIAL_IS_AGENT) local.set(LAST_USER_KEY, result.username);
    set(fromStorage());
  },
  passwordChanged() {
    session.set('mustChangePassword', '0');
    set({ mustChangePassword: false });
  },
  signOut() {
    clearSessionExceptMerchant();
    local.remove(REMEMBER_KEY);
    set(fromStorage());
  },
}));

export const getRememberToken = () => local.get(REMEMBER_KEY);
export const forgetRememberToken = () => local.remove(REMEMBER_KEY);
export const getLastUser = () => local.get(LAST_USER_KEY);

/** Member centre opens with a token and any account type but trial (SPEC section 5). */
export const canOpenMemberCentre = (s: SessionState) => !!s.token && s.isAgent !== TRIAL_IS_AGENT;
/** The account (agent) centre opens for isAgent 1, 2, 41, 42. */
export const canOpenAccountCentre = (s: SessionState) =>
  !!s.token && (ACCOUNT_CENTRE_TYPES as readonly number[]).includes(s.isAgent ?? -1);
export const isTrial = (s: SessionState) => s.isAgent === TRIAL_IS_AGENT;
