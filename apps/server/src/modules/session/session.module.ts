import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { MemberService } from '../member/member.service';
import type { SystemService } from '../system/system.service';
import type { WalletService } from '../wallet/wallet.service';
import type { CaptchaService } from './captcha.service';
import { PayloadKeyRepository } from './payload-key.repository';
import { PayloadKeyService } from './payload-key.service';
import { SessionRepository } from './session.repository';
import { sessionRoutes } from './session.routes';
import { SessionService } from './session.service';
import type { VerificationService } from './verification.service';

export interface SessionDeps extends ModuleContext {
  system: SystemService;
  codes: VerificationService;
  captcha: CaptchaService;
  members: MemberService;
  wallet: WalletService;
  pendingSessions: { sessions?: SessionService; wallet?: WalletService };
}

export function createSessionModule(
  deps: SessionDeps,
): ServerModule<{ sessions: SessionService; payloadKeys: PayloadKeyService }> {
  const sessions = new SessionService(
    new SessionRepository(deps.db),
    deps.members,
    deps.system,
    deps.captcha,
    deps.codes,
    deps.limits,
    (merchant, id) => deps.wallet.creditTrial(merchant, id),
  );
  deps.pendingSessions.sessions = sessions;
  const payloadKeys = new PayloadKeyService(new PayloadKeyRepository(deps.db));
  return {
    services: { sessions, payloadKeys },
    routes: async (app: FastifyInstance) => {
      await app.register(sessionRoutes, {
        payloadKeys,
        sessions,
        captcha: deps.captcha,
        codes: deps.codes,
        devOutbox: deps.config.DEV_ROUTES,
      });
    },
    jobs: [{ name: 'payload seal prune', everyMs: 3_600_000, run: () => payloadKeys.pruneSeals() }],
  };
}
