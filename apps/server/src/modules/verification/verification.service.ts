import { IDENTITY_LIMITS, type Language } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { VerificationCodeTable } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { RateLimiter } from '../../platform/rate-limit';
import { noticeText } from '../../platform/notice-texts';
import { hashShortSecret, numericCode, verifyShortSecret } from '../../platform/secrets';
import type { VerificationRepository } from './verification.repository';

type CodePurpose = VerificationCodeTable['purpose'];
type CodeChannel = VerificationCodeTable['channel'];

const L = IDENTITY_LIMITS;

/** A mobile number as one string: dialing code without '+', then the digits. */
export function phoneTarget(countryDialingCode: string, mobileNum: string): string {
  return `${countryDialingCode.replace(/^\+/, '')}${mobileNum}`;
}

/**
 * SMS and e-mail codes: 6 digits, stored hashed, expiring, single use, limited tries; sends
 * throttled per number and per IP, with a lockout. With the development routes on, delivery goes
 * to the dev outbox (and the log); a real SMS or mail gateway plugs in here.
 */
export class VerificationService {
  constructor(
    private readonly repo: VerificationRepository,
    private readonly limits: RateLimiter,
    private readonly log: FastifyBaseLogger,
    /** Deliver to the dev outbox table (config.DEV_ROUTES); otherwise nothing is sent yet. */
    private readonly devOutbox: boolean,
  ) {}

  async send(args: {
    merchant: string;
    channel: CodeChannel;
    purpose: CodePurpose;
    target: string;
    ip: string;
    /** What the message is written in (platform/notice-texts.ts noticeLanguage). */
    lang: Language;
    /** When false the throttles still count, but nothing is sent (no account behind the number). */
    deliver?: boolean;
  }): Promise<{ expiredMinutes: number }> {
    const { merchant, channel, purpose, target, ip } = args;
    const lockKey = `code:${merchant}:${target}`;
    const lockedFor = await this.limits.lockedFor(lockKey);
    if (lockedFor > 0) throw new AppError('sms.locked', undefined, [Math.ceil(lockedFor / 60)]);
    if (!(await this.limits.allow(`code-1s:${merchant}:${target}`, 1, 1)))
      throw new AppError('sms.throttled');
    if (!(await this.limits.allow(`code-ip:${merchant}:${ip}`, 3600, L.smsPerIpPerHour))) {
      throw new AppError('sms.throttled');
    }
    const perNumberKey = `code-10m:${merchant}:${target}`;
    if (!(await this.limits.allow(perNumberKey, 600, L.smsPerNumberPer10Min))) {
      await this.limits.lock(lockKey, L.phoneLockoutMinutes * 60);
      // The lockout replaces the rest of the window: the message promises a retry after it ends.
      await this.limits.clear(perNumberKey);
      throw new AppError('sms.locked', undefined, [L.phoneLockoutMinutes]);
    }
    if (args.deliver === false) return { expiredMinutes: L.smsExpiredMinutes };

    const code = numericCode(L.smsCodeDigits);
    await this.repo.insertCode({
      merchant_code: merchant,
      purpose,
      channel,
      target,
      code_hash: hashShortSecret(code),
      expires_at: new Date(Date.now() + L.smsExpiredMinutes * 60_000),
      ip,
    });
    await this.deliver(merchant, channel, target, noticeText('code', args.lang, [code, L.smsExpiredMinutes]));
    return { expiredMinutes: L.smsExpiredMinutes };
  }

  /** Sends any message (a temporary password, a notice) through the same channel. */
  async deliver(merchant: string, channel: string, target: string, body: string): Promise<void> {
    if (!this.devOutbox) {
      // WARNING: no SMS or mail gateway is configured yet; production must plug one in here.
      this.log.warn({ merchant, channel }, 'message not sent: no gateway configured');
      return;
    }
    await this.repo.writeOutbox({ merchant_code: merchant, channel, target, body });
    this.log.info({ merchant, channel, target }, `dev outbox: ${body}`);
  }

  /**
   * Development and tests only: a copy of what only a screen shows (a captcha's text) in the dev
   * outbox. Without the dev routes nothing is kept, and nothing is logged either.
   */
  async devCopy(merchant: string, channel: string, target: string, body: string): Promise<void> {
    if (!this.devOutbox) return;
    await this.repo.writeOutbox({ merchant_code: merchant, channel, target, body });
  }

  /**
   * Checks a code and uses it up. Wrong codes count; too many burn the code and lock the target.
   */
  async consume(args: {
    merchant: string;
    channel: CodeChannel;
    purpose: CodePurpose;
    target: string;
    code: string;
  }): Promise<void> {
    const { merchant, channel, purpose, target, code } = args;
    const lockKey = `code:${merchant}:${target}`;
    const lockedFor = await this.limits.lockedFor(lockKey);
    if (lockedFor > 0) throw new AppError('sms.locked', undefined, [Math.ceil(lockedFor / 60)]);
    const row = await this.repo.newestUnused(merchant, channel, purpose, target);
    if (!row) throw new AppError('sms.code.invalid');
    if (row.expires_at.getTime() < Date.now()) throw new AppError('sms.code.expired');
    if (!verifyShortSecret(code.trim(), row.code_hash)) {
      const tries = await this.repo.addTry(row.id);
      if (tries >= L.smsMaxTries) {
        await this.repo.markUsed(row.id);
        await this.limits.lock(lockKey, L.phoneLockoutMinutes * 60);
        throw new AppError('sms.locked', undefined, [L.phoneLockoutMinutes]);
      }
      throw new AppError('sms.code.invalid');
    }
    if (!(await this.repo.markUsed(row.id))) throw new AppError('sms.code.invalid');
  }

  outbox(merchant: string, target: string | undefined) {
    return this.repo.readOutbox(merchant, target, 20);
  }
}
