import { IDENTITY_LIMITS } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { captchaText, renderCaptchaPng } from '../../platform/captcha-image';
import type { RateLimiter } from '../../platform/rate-limit';
import { hashShortSecret, verifyShortSecret } from '../../platform/secrets';
import type { CaptchaRepository } from './captcha.repository';
import type { VerificationService } from './verification.service';

/**
 * Image captchas. The answer is bound to the client address that asked for the image; only
 * the newest image of that address counts, and any attempt uses it up.
 */
export class CaptchaService {
  constructor(
    private readonly repo: CaptchaRepository,
    private readonly limits: RateLimiter,
    private readonly codes: VerificationService,
  ) {}

  /** A new captcha for this requester; the value is the base64 PNG (SPEC section 3). */
  async issue(merchant: string, requester: string): Promise<string> {
    // The site refreshes at most once a second; a little slack for double clicks.
    if (!(await this.limits.allow(`captcha:${merchant}:${requester}`, 1, 2)))
      throw new AppError('system.throttled');
    const text = captchaText();
    await this.repo.insertCaptcha({
      merchant_code: merchant,
      requester,
      answer_hash: hashShortSecret(text.toUpperCase()),
      expires_at: new Date(Date.now() + IDENTITY_LIMITS.captchaMinutes * 60_000),
    });
    // With the dev routes on, the text goes to the dev outbox (addressed to the requester), as SMS
    // codes do, so end-to-end tests can answer it; otherwise no copy is kept.
    await this.codes.devCopy(merchant, 'CAPTCHA', requester, `Captcha ${text}`);
    return renderCaptchaPng(text).toString('base64');
  }

  /** Checks an answer (case-insensitive) and uses the captcha up, right or wrong. */
  async check(merchant: string, requester: string, answer: string | undefined): Promise<void> {
    if (!answer) throw new AppError('login.captcha.required', { captchaRequired: true });
    const now = new Date();
    const row = await this.repo.newestCaptcha(merchant, requester);
    if (!row || row.used_at || row.expires_at < now || !(await this.repo.useCaptcha(row.id, now))) {
      throw new AppError('login.captcha.invalid', { captchaRequired: true });
    }
    if (!verifyShortSecret(answer.trim().toUpperCase(), row.answer_hash)) {
      throw new AppError('login.captcha.invalid', { captchaRequired: true });
    }
  }
}
