import type { Selectable } from 'kysely';
import type { MemberTable } from '../../db/schema';
import type { Brand } from '../../platform/brand';
import { dummyHash, verifyPassword } from '../../platform/password';
import type { MemberRepository } from './member.repository';
import { normalizeDialing } from './register-rules';

/** A member row as the modules read it. */
export type Member = Selectable<MemberTable>;

/**
 * Members as the modules above look them up: by id, name or number, and the login password
 * checked (the session module logs them in; others read who a member is).
 */
export class MemberDirectory {
  constructor(private readonly repo: MemberRepository) {}

  byUsername(brand: Brand, username: string) {
    return this.repo.byUsername(brand.code, username.trim());
  }

  byMobile(brand: Brand, countryDialingCode: string, mobileNum: string) {
    return this.repo.byMobile(brand.code, normalizeDialing(countryDialingCode), mobileNum.trim());
  }

  byId(id: string) {
    return this.repo.byId(id);
  }

  /**
   * Checks a password against the member's, or an unused e-mailed temporary one. With no
   * member, burns the same time on a dummy hash so timing does not reveal usernames.
   */
  async checkPassword(member: Member | undefined, password: string): Promise<'ok' | 'temporary' | 'wrong'> {
    if (!member) {
      await verifyPassword(await dummyHash(), password);
      return 'wrong';
    }
    if (await verifyPassword(member.password_hash, password)) return 'ok';
    for (const reset of await this.repo.liveResets(member.id, new Date())) {
      if (
        (await verifyPassword(reset.temp_hash, password)) &&
        (await this.repo.useReset(reset.id, new Date()))
      ) {
        await this.repo.update(member.id, {
          password_hash: reset.temp_hash,
          must_change_password: true,
          password_changed_at: new Date(),
        });
        return 'temporary';
      }
    }
    return 'wrong';
  }

  countLogin(memberId: string, ip: string) {
    return this.repo.countLogin(memberId, ip, new Date());
  }

  /** Whether the password has outlived the brand's expiry. */
  passwordExpired(brand: { passwordExpiryDays: number | null }, member: Member): boolean {
    if (!brand.passwordExpiryDays) return false;
    return Date.now() - member.password_changed_at.getTime() > brand.passwordExpiryDays * 86_400_000;
  }
}
