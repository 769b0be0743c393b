import type { ModuleContext, ServerModule } from '../../platform/module';
import { CaptchaService } from '../session/captcha.service';
import { SessionRepository } from '../session/session.repository';
import { VerificationRepository } from '../session/verification.repository';
import { VerificationService } from '../session/verification.service';

export function createVerificationModule(
  ctx: ModuleContext,
): ServerModule<{ codes: VerificationService; captcha: CaptchaService }> {
  const codes = new VerificationService(new VerificationRepository(ctx.db), ctx.limits, ctx.log, ctx.config.DEV_ROUTES);
  const captcha = new CaptchaService(new SessionRepository(ctx.db), ctx.limits, codes);
  return { services: { codes, captcha } };
}
