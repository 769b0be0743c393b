import type { ProfileService } from '../member';
import type { RegistrationService } from '../member';
import type { SystemService } from '../system';
import type { CaptchaService } from '../verification';
import type { VerificationService } from '../verification';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { RateLimiter } from '../../platform/rate-limit';
import { AccountSessionService } from './account-sessions.service';
import { accountSessionRoutes } from './account-sessions.routes';
import { PayloadKeyRepository } from './payload-key.repository';
import { PayloadKeyService } from './payload-key.service';
import { SessionRepository } from './session.repository';
import { sessionRoutes } from './session.routes';
import { SessionService, type CreditTrial, type SessionMembers } from './session.service';

interface SessionModuleDeps extends ModuleContext {
  system: SystemService;
  limits: RateLimiter;
  codes: VerificationService;
  captcha: CaptchaService;
  /** The member module's services: lookups, sign-up, password changes and the second factor. */
  members: SessionMembers & {
    registration: Pick<RegistrationService, 'register' | 'createTrial'>;
    profile: Pick<ProfileService, 'changePassword' | 'resetByMobile'>;
  };
  creditTrial: CreditTrial;
}

interface SessionServices {
  /** Logins, the session tokens and the auth guard's lookup. */
  sessions: SessionService;
  /** The payload-encryption keys. */
  payloadKeys: PayloadKeyService;
  /** Sign-up, reset by mobile and password change with their session step. */
  accounts: AccountSessionService;
}

/**
 * Sessions: logging in and out, the tokens the auth guard checks, the payload keys, and the
 * session step of the member's account changes (sign-up logs in, a new password ends sessions).
 * Above the member module: it looks members up, members never call it.
 */
export function createSessionModule(deps: SessionModuleDeps): ServerModule<SessionServices> {
  const sessions = new SessionService(
    new SessionRepository(deps.db),
    deps.members,
    deps.system,
    deps.captcha,
    deps.codes,
    deps.limits,
    deps.creditTrial,
  );
  const payloadKeys = new PayloadKeyService(new PayloadKeyRepository(deps.db), undefined, deps.bus);
  const accounts = new AccountSessionService(deps.members.registration, deps.members.profile, sessions);
  return {
    routes: async (app) => {
      await app.register(sessionRoutes, { payloadKeys, sessions });
      await app.register(accountSessionRoutes, { accounts });
    },
    services: { sessions, payloadKeys, accounts },
    // Seals of legacy payloads are kept only while their key could still open a replay: dropped hourly.
    jobs: [{ name: 'payload seal prune', everyMs: 3_600_000, run: () => payloadKeys.pruneSeals() }],
  };
}
