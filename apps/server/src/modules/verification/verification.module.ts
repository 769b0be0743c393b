import type { ModuleContext, ServerModule } from '../../platform/module';
import type { RateLimiter } from '../../platform/rate-limit';
import { CaptchaRepository } from './captcha.repository';
import { CaptchaService } from './captcha.service';
import { VerificationRepository } from './verification.repository';
import { verificationRoutes } from './verification.routes';
import { VerificationService } from './verification.service';

interface VerificationServices {
  /** SMS and e-mail codes, and any message sent through their channels. */
  codes: VerificationService;
  /** Image captchas. */
  captcha: CaptchaService;
}

/**
 * Proving a person is there: image captchas and SMS or e-mail codes. Below the member and session
 * modules, which both ask for them (sign-up and login, password resets, mobile changes).
 */
export function createVerificationModule(
  deps: ModuleContext & { limits: RateLimiter },
): ServerModule<VerificationServices> {
  const codes = new VerificationService(
    new VerificationRepository(deps.db),
    deps.limits,
    deps.log,
    deps.config.DEV_ROUTES,
  );
  const captcha = new CaptchaService(new CaptchaRepository(deps.db), deps.limits, codes);
  return {
    routes: async (app) => {
      await app.register(verificationRoutes, { captcha, codes, devOutbox: deps.config.DEV_ROUTES });
    },
    services: { codes, captcha },
  };
}
