import * as OTPAuth from 'otpauth';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { Member } from './member-directory.service';
import type { MemberRepository } from './member.repository';
import type { SecretChecks } from './secret-checks';

/**
 * The second factor: an authenticator app (TOTP). Set up, confirmed, turned off with the own
 * password and a code; the session module asks it at a login from a new address.
 */
export class SecondFactorService {
  constructor(
    private readonly repo: MemberRepository,
    private readonly checks: SecretChecks,
  ) {}

  private totp(brand: Brand, username: string, secret: string) {
    return new OTPAuth.TOTP({
      issuer: brand.name,
      label: username,
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: 30,
    });
  }

  /** A new secret to scan; it only takes effect once a code from it is confirmed. */
  async totpSetup(brand: Brand, memberId: string): Promise<{ secret: string; otpauthUrl: string }> {
    const m = await this.mustGet(memberId);
    if (m.totp_enabled) throw new AppError('system.conflict');
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.repo.update(memberId, { totp_secret: secret });
    return { secret, otpauthUrl: this.totp(brand, m.username, secret).toString() };
  }

  async totpEnable(brand: Brand, memberId: string, code: string): Promise<void> {
    const m = await this.mustGet(memberId);
    if (!m.totp_secret || m.totp_enabled) throw new AppError('system.conflict');
    if (!this.totpValid(brand, m, code)) throw new AppError('totp.invalid');
    await this.repo.update(memberId, { totp_enabled: true });
  }

  async totpDisable(brand: Brand, memberId: string, code: string, password: string): Promise<void> {
    const m = await this.mustGet(memberId);
    if (!m.totp_enabled) throw new AppError('system.conflict');
    await this.checks.confirmOwnPassword(m, password);
    if (!this.totpValid(brand, m, code)) throw new AppError('totp.invalid');
    await this.repo.update(memberId, { totp_enabled: false, totp_secret: null });
  }

  totpValid(brand: Brand, m: Member, code: string): boolean {
    if (!m.totp_secret) return false;
    return this.totp(brand, m.username, m.totp_secret).validate({ token: code.trim(), window: 1 }) !== null;
  }

  private async mustGet(memberId: string): Promise<Member> {
    const m = await this.repo.byId(memberId);
    if (!m) throw new AppError('login.not.session');
    return m;
  }
}
