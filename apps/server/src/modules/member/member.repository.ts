import { ACCOUNT_CENTRE_TYPES } from '@app/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/repository';
import type { MemberTable } from '../../db/schema';

/** Member rows. SQL only. */
export class MemberRepository {
  constructor(private readonly db: Db) {}

  byId(id: string) {
    return this.db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byUsername(merchant: string, username: string) {
    return this.db
      .selectFrom('member')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('username', '=', username.toLowerCase())
      .executeTakeFirst();
  }

  byMobile(merchant: string, countryDialingCode: string, mobileNum: string) {
    return this.db
      .selectFrom('member')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('country_dialing_code', '=', countryDialingCode)
      .where('mobile_num', '=', mobileNum)
      .executeTakeFirst();
  }

  agentByAffiliateCode(merchant: string, code: string) {
    return this.db
      .selectFrom('member')
      .select(['id', 'username'])
      .where('merchant_code', '=', merchant)
      .where('affiliate_code', '=', code)
      .where('is_agent', 'in', [...ACCOUNT_CENTRE_TYPES])
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
  }

  byReferralCode(merchant: string, code: string) {
    return this.db
      .selectFrom('member')
      .select(['id', 'username'])
      .where('merchant_code', '=', merchant)
      .where('referral_code', '=', code.toUpperCase())
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
  }

  insert(row: Insertable<MemberTable>) {
    return this.db.insertInto('member').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: string, set: Updateable<MemberTable>) {
    return this.db.updateTable('member').set(set).where('id', '=', id).execute();
  }

  /**
   * Sets the payee name only if the member has none, on the caller's transaction (the row lock the
   * UPDATE takes makes a racing adopter wait and then find the name set); returns the payee name
   * the member has afterwards, or null when there is no such member.
   */
  async adoptPayeeName(db: Db, id: string, name: string): Promise<string | null> {
    const set = await db
      .updateTable('member')
      .set({ payee_name: name })
      .where('id', '=', id)
      .where('payee_name', 'is', null)
      .returning('payee_name')
      .executeTakeFirst();
    if (set) return set.payee_name;
    const row = await db.selectFrom('member').select('payee_name').where('id', '=', id).executeTakeFirst();
    return row?.payee_name ?? null;
  }

  /** Counts the login and returns the count before it (0 means a first login). */
  async countLogin(id: string, ip: string, now: Date): Promise<number> {
    const row = await this.db
      .updateTable('member')
      .set((eb) => ({ login_count: eb('login_count', '+', 1), last_login_at: now, last_login_ip: ip }))
      .where('id', '=', id)
      .returning('login_count')
      .executeTakeFirstOrThrow();
    return row.login_count - 1;
  }

  insertReset(row: { member_id: string; temp_hash: string; expires_at: Date }) {
    return this.db.insertInto('password_reset').values(row).execute();
  }

  liveResets(memberId: string, now: Date) {
    return this.db
      .selectFrom('password_reset')
      .select(['id', 'temp_hash'])
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
  }

  async useReset(id: string, now: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('password_reset')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
