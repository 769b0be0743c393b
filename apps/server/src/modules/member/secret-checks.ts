import { IDENTITY_LIMITS } from '@app/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../platform/app-error';
import { verifyPassword } from '../../platform/password';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Member } from './member-directory.service';

/** Wrong confirmations of the own password before sensitive changes lock for lockMinutes. */
const OWN_PASSWORD_TRIES = 5;
/** How long a confirmation waits for the member's other confirmations still being checked. */
const CHECK_WAIT_MS = 10_000;
/** The longest pause between two looks at the tries while waiting. */
const WAIT_MAX_MS = 400;

/**
 * The member's secrets asked again before a sensitive change or a money movement (the own
 * password, the payment password), with wrong answers counted per member: a stolen session
 * token must not allow unlimited guessing.
 */
export class SecretChecks {
  constructor(private readonly limits: RateLimiter) {}

  /** The member's own login password, asked again for a sensitive change. */
  confirmOwnPassword(m: Member, password: string): Promise<void> {
    return this.limitedCheck(
      `own-password:${m.id}`,
      () => verifyPassword(m.password_hash, password),
      'password.old.wrong',
    );
  }

  /**
   * A secret check limited to OWN_PASSWORD_TRIES wrong answers per window, then locked. The try
   * is counted before the slow hash and taken back when right: counting only after the hash let
   * a burst of concurrent guesses all pass the check while the count was still low. A check that
   * finds the tries taken by checks still running (a member's parallel payments, not wrong
   * answers) waits for them to end rather than refuse a right answer; a lock ends the wait.
   */
  async limitedCheck(
    key: string,
    check: () => Promise<boolean>,
    wrong: 'password.old.wrong' | 'payment.password.wrong',
  ): Promise<void> {
    const window = IDENTITY_LIMITS.failureWindowMinutes * 60;
    const giveUpAt = Date.now() + CHECK_WAIT_MS;
    for (let waited = 0; ; waited++) {
      const lockedFor = await this.limits.lockedFor(key);
      if (lockedFor > 0) throw new AppError('login.account.locked', undefined, [Math.ceil(lockedFor / 60)]);
      const attempt = await this.limits.reserve(key, window);
      if (attempt.count <= OWN_PASSWORD_TRIES) {
        if (await check()) {
          await attempt.release();
          return;
        }
        if (attempt.count >= OWN_PASSWORD_TRIES) {
          await this.limits.lock(key, IDENTITY_LIMITS.lockMinutes * 60);
        }
        throw new AppError(wrong);
      }
      await attempt.release();
      if (Date.now() >= giveUpAt) throw new AppError('system.throttled');
      // Backing off: a burst of guesses waiting here must not poll the limiter so often that the
      // checks they wait for (and the lock that ends the wait) are slowed down by it.
      await sleep(Math.min(WAIT_MAX_MS, 20 * 2 ** waited) + Math.floor(Math.random() * 30));
    }
  }
}
