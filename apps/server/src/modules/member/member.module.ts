import type { ModuleContext, ServerModule } from '../../platform/module';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SystemService } from '../system';
import type { CaptchaService } from '../verification';
import type { VerificationService } from '../verification';
import { MemberDirectory } from './member-directory.service';
import { MemberRepository } from './member.repository';
import { memberRoutes } from './member.routes';
import { ProfileService, type VipLabelLookup } from './profile.service';
import { type BirthDateCheck, RegistrationService } from './registration.service';
import { SecondFactorService } from './second-factor.service';
import { SecretChecks } from './secret-checks';
import { usernameCheckRoutes } from './username-check.routes';
import { UsernameCheckService } from './username-check.service';

interface MemberModuleDeps extends ModuleContext {
  system: SystemService;
  limits: RateLimiter;
  codes: VerificationService;
  captcha: CaptchaService;
  /** The member's VIP level as member info shows it. */
  vipLabel: VipLabelLookup;
  /** Player protection's check of a sign-up's date of birth (required where asked; minimum age). */
  checkBirthDate: BirthDateCheck;
}

interface MemberServices {
  /** Members looked up by id, name or number; the login password checked. */
  directory: MemberDirectory;
  /** Sign-up, sub-accounts an agent creates, trial accounts. */
  registration: RegistrationService;
  /** Member info, profile, mobile number, login and payment passwords, payee name. */
  profile: ProfileService;
  /** The authenticator (TOTP). */
  secondFactor: SecondFactorService;
}

/**
 * Members: their accounts, by job. Below the session module: a sign-up or a new password is
 * followed by its session step there (see session/account-sessions.service.ts).
 */
export function createMemberModule(deps: MemberModuleDeps): ServerModule<MemberServices> {
  const repo = new MemberRepository(deps.db);
  const checks = new SecretChecks(deps.limits);
  const registration = new RegistrationService(
    repo,
    deps.system,
    deps.codes,
    deps.captcha,
    deps.checkBirthDate,
  );
  const profile = new ProfileService(repo, deps.system, deps.codes, checks, deps.limits, deps.vipLabel);
  const secondFactor = new SecondFactorService(repo, checks);
  const usernameChecks = new UsernameCheckService(repo, deps.system, deps.limits);
  return {
    routes: async (app) => {
      await app.register(memberRoutes, { registration, profile, secondFactor });
      await app.register(usernameCheckRoutes, { checks: usernameChecks });
    },
    services: { directory: new MemberDirectory(repo), registration, profile, secondFactor },
  };
}
