import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { CaptchaService } from '../session/captcha.service';
import { SessionRepository } from '../session/session.repository';
import { SessionService } from '../session/session.service';
import type { VerificationService } from '../session/verification.service';
import type { SystemService } from '../system/system.service';
import type { VipLevelService } from '../vip';
import type { WalletService } from '../wallet/wallet.service';
import { MemberRepository } from './member.repository';
import { memberRoutes } from './member.routes';
import { MemberService } from './member.service';
import { usernameCheckRoutes } from './username-check.routes';
import { UsernameCheckService } from './username-check.service';

export interface MemberDeps extends ModuleContext {
  system: SystemService;
  codes: VerificationService;
  captcha: CaptchaService;
  levels: VipLevelService;
}

export function createMemberModule(
  deps: MemberDeps,
): ServerModule<{
  members: MemberService;
  pendingSessions: { sessions?: SessionService; wallet?: WalletService };
}> {
  const late: { sessions?: SessionService; wallet?: WalletService } = {};
  const members = new MemberService(
    new MemberRepository(deps.db),
    deps.system,
    deps.codes,
    deps.captcha,
    (...args) => late.sessions!.start(...args),
    (memberId, except) => late.sessions!.revokeAll(memberId, except),
    deps.limits,
  );
  members.bindVipLabel((memberId, lang) => deps.levels.labelOf(memberId, lang));
  const checks = new UsernameCheckService(new MemberRepository(deps.db), deps.system, deps.limits);
  void SessionRepository;
  return {
    services: { members, pendingSessions: late },
    routes: async (app: FastifyInstance) => {
      await app.register(memberRoutes, { members });
      await app.register(usernameCheckRoutes, { checks });
    },
  };
}
