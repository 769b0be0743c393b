import type { Db } from '../../db/repository';
import type { MemberSessionTable } from '../../db/schema';

/** Sessions, remember tokens, login history, known IPs and pending logins. SQL only. */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  insertSession(row: {
    member_id: string;
    kind: MemberSessionTable['kind'];
    token_hash: string;
    ip: string;
    device: string;
    user_agent: string;
    expires_at: Date;
    must_change_password?: boolean;
    bound_session_id?: string;
  }) {
    return this.db.insertInto('member_session').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** A live token of this kind, with what the guard needs about its member. */
  findLive(tokenHash: string, kind: MemberSessionTable['kind'], now: Date) {
    return this.db
      .selectFrom('member_session as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select([
        's.id',
        's.member_id',
        's.last_seen_at',
        's.expires_at',
        's.must_change_password',
        'm.merchant_code',
        'm.username',
        'm.is_agent',
        'm.status',
        'm.block_betting',
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.kind', '=', kind)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Revokes a remember token of this member by its value's hash (logout forgets the device). */
  revokeRemember(memberId: string, tokenHash: string, now: Date) {
    return this.db
      .updateTable('member_session')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', 'REMEMBER')
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes the live remember tokens issued with a session. */
  revokeBoundTo(sessionId: string, now: Date) {
    return this.db
      .updateTable('member_session')
      .set({ revoked_at: now })
      .where('bound_session_id', '=', sessionId)
      .where('kind', '=', 'REMEMBER')
      .where('revoked_at', 'is', null)
      .execute();
  }

  touch(id: string, now: Date) {
    return this.db.updateTable('member_session').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  /** Revokes a live token; false when it was already revoked (another request won). */
  async revoke(id: string, now: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('member_session')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Revokes every live token of a member, except one if given. */
  /** Ends pending new-IP logins too: a password change must not leave a half-open door. */
  async revokeAllOf(memberId: string, now: Date, exceptId?: string) {
    await this.db
      .updateTable('pending_login')
      .set({ used_at: now })
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .execute();
    let q = this.db
      .updateTable('member_session')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return q.executeTakeFirst();
  }

  recordLogin(row: {
    merchant_code: string;
    member_id: string | null;
    ip: string;
    device: string;
    user_agent: string;
    method: string;
    success: boolean;
    reason: string | null;
  }) {
    return this.db.insertInto('login_event').values(row).execute();
  }

  async loginHistory(memberId: string, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('login_event')
        .select(['at', 'ip', 'device', 'success', 'method'])
        .where('member_id', '=', memberId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('login_event')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async knownIps(memberId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('member_known_ip')
      .select('ip')
      .where('member_id', '=', memberId)
      .execute();
    return rows.map((r) => r.ip);
  }

  rememberIp(memberId: string, ip: string) {
    return this.db
      .insertInto('member_known_ip')
      .values({ member_id: memberId, ip })
      .onConflict((oc) => oc.columns(['member_id', 'ip']).doNothing())
      .execute();
  }

  insertPending(row: {
    token_hash: string;
    member_id: string;
    ip: string;
    remember: boolean;
    expires_at: Date;
  }) {
    return this.db.insertInto('pending_login').values(row).execute();
  }

  findPending(tokenHash: string, now: Date) {
    return this.db
      .selectFrom('pending_login')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async addPendingTry(tokenHash: string): Promise<number> {
    const row = await this.db
      .updateTable('pending_login')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .returning('tries')
      .executeTakeFirstOrThrow();
    return row.tries;
  }

  async usePending(tokenHash: string, now: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('pending_login')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
