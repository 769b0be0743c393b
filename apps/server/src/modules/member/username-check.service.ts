import { IDENTITY_LIMITS } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SystemService } from '../system';
import type { MemberRepository } from './member.repository';
import { fieldProblem } from './register-rules';

/**
 * Whether a username is free to register (the real clients ask before sending the form). Each
 * answer tells whether an account exists, so callers are throttled per IP.
 */
export class UsernameCheckService {
  constructor(
    private readonly repo: MemberRepository,
    private readonly system: SystemService,
    private readonly limits: RateLimiter,
  ) {}

  /** Resolves when the name is free; member.account.used when taken, the field error when malformed. */
  async check(brand: Brand, username: string, ip: string): Promise<void> {
    if (
      !(await this.limits.allow(
        `username-check:${brand.code}:${ip}`,
        600,
        IDENTITY_LIMITS.usernameChecksPerIpPer10Min,
      ))
    )
      throw new AppError('system.throttled');
    const name = username.trim().toLowerCase();
    // A name the registration would refuse anyway is answered as such, without a lookup.
    const rule = (await this.system.registerRules(brand)).find((r) => r.field === 'username');
    const reason = rule?.enabled ? fieldProblem(rule, username.trim()) : null;
    if (rule && reason) {
      throw new AppError('register.field.invalid', {
        fields: [
          { field: 'username', patternId: rule.patternId, min: rule.minLength, max: rule.maxLength, reason },
        ],
      });
    }
    if (await this.repo.byUsername(brand.code, name)) throw new AppError('member.account.used');
  }
}
