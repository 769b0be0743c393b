import type { Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { Database } from '../../db/schema';

export type StaffRow = Selectable<Database['staff']>;
export type GrantRow = Selectable<Database['staff_grant']>;
type ApiKeyRow = Selectable<Database['api_key']>;

/** The SQL of staff accounts, grants, sign-in challenges, sessions, API keys and brand security. */
export class StaffRepository extends Repository {
  byUsername(username: string): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
  }

  byId(id: string, db: Db = this.db): Promise<StaffRow | undefined> {
    return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(
    db: Db,
    row: { username: string; displayName: string; passwordHash: string; mustChange: boolean },
  ): Promise<string> {
    const r = await db
      .insertInto('staff')
      .values({
        username: row.username,
        display_name: row.displayName,
        password_hash: row.passwordHash,
        must_change_password: row.mustChange,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: string, set: Updateable<Database['staff']>, db: Db = this.db): Promise<void> {
    await db.updateTable('staff').set(set).where('id', '=', id).execute();
  }

  /** One more wrong second-factor code; returns the count. */
  async countFailure(id: string): Promise<number> {
    const r = await this.db
      .updateTable('staff')
      .set({ failed_second_factor: sql`failed_second_factor + 1` })
      .where('id', '=', id)
      .returning('failed_second_factor')
      .executeTakeFirstOrThrow();
    return r.failed_second_factor;
  }

  /**
   * Records the TOTP time step a code was accepted for, only when it is later than the last one
   * accepted: false means the code (or an older one) was already used — a replay.
   */
  async acceptTotpStep(id: string, step: number): Promise<boolean> {
    const r = await this.db
      .updateTable('staff')
      .set({ totp_last_step: String(step), failed_second_factor: 0 })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  async hasPasskeys(staffId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('staff_passkey')
      .select('id')
      .where('staff_id', '=', staffId)
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  grantsOf(staffId: string, db: Db = this.db): Promise<GrantRow[]> {
    return db.selectFrom('staff_grant').selectAll().where('staff_id', '=', staffId).execute();
  }

  /** Sets (or, with role null, removes) a staff member's role on one brand. */
  async setGrant(db: Db, staffId: string, merchant: string, role: string | null, by: string): Promise<void> {
    await db
      .deleteFrom('staff_grant')
      .where('staff_id', '=', staffId)
      .where('merchant_code', '=', merchant)
      .execute();
    if (role) {
      await db
        .insertInto('staff_grant')
        .values({ staff_id: staffId, merchant_code: merchant, role, granted_by: by })
        .execute();
    }
  }

  async grantPlatformOwner(db: Db, staffId: string, by: string): Promise<void> {
    await db
      .insertInto('staff_grant')
      .values({ staff_id: staffId, merchant_code: null, role: 'owner', granted_by: by })
      .onConflict((oc) => oc.column('staff_id').where('merchant_code', 'is', null).doNothing())
      .execute();
  }

  /** Staff holding a role on this brand or on every brand. */
  async staffOfBrand(merchant: string): Promise<(StaffRow & { grants: GrantRow[] })[]> {
    const grants = await this.db
      .selectFrom('staff_grant')
      .selectAll()
      .where((eb) => eb.or([eb('merchant_code', '=', merchant), eb('merchant_code', 'is', null)]))
      .execute();
    const ids = [...new Set(grants.map((g) => g.staff_id))];
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('staff').selectAll().where('id', 'in', ids).orderBy('id').execute();
    return rows.map((s) => ({ ...s, grants: grants.filter((g) => g.staff_id === s.id) }));
  }

  // Recovery codes.
  async replaceRecoveryCodes(db: Db, staffId: string, hashes: Buffer[]): Promise<void> {
    await db.deleteFrom('staff_recovery_code').where('staff_id', '=', staffId).execute();
    if (hashes.length)
      await db
        .insertInto('staff_recovery_code')
        .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash })))
        .execute();
  }

  /** Uses a recovery code once: false when it is not this staff member's or was used. */
  async useRecoveryCode(staffId: string, hash: Buffer, at: Date): Promise<boolean> {
    const r = await this.db
      .updateTable('staff_recovery_code')
      .set({ used_at: at })
      .where('staff_id', '=', staffId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  // Challenges.
  async insertChallenge(hash: Buffer, staffId: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('staff_challenge')
      .values({ token_hash: hash, staff_id: staffId, expires_at: expiresAt })
      .execute();
  }

  challenge(hash: Buffer) {
    return this.db
      .selectFrom('staff_challenge')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
  }

  async deleteChallenges(staffId: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('staff_challenge').where('staff_id', '=', staffId).execute();
  }

  // Sessions.
  async insertSession(
    db: Db,
    row: {
      hash: Buffer;
      staffId: string;
      csrf: string;
      idle: Date;
      absolute: Date;
      ip: string | null;
      userAgent: string | null;
    },
  ): Promise<void> {
    await db
      .insertInto('staff_session')
      .values({
        token_hash: row.hash,
        staff_id: row.staffId,
        csrf_token: row.csrf,
        idle_expires_at: row.idle,
        absolute_expires_at: row.absolute,
        ip: row.ip,
        user_agent: row.userAgent,
      })
      .execute();
  }

  session(hash: Buffer) {
    return this.db
      .selectFrom('staff_session as s')
      .innerJoin('staff as st', 'st.id', 's.staff_id')
      .select([
        's.token_hash',
        's.staff_id',
        's.csrf_token',
        's.idle_expires_at',
        's.absolute_expires_at',
        'st.username',
        'st.display_name',
        'st.disabled',
      ])
      .where('s.token_hash', '=', hash)
      .executeTakeFirst();
  }

  async slideSession(hash: Buffer, idle: Date): Promise<void> {
    await this.db
      .updateTable('staff_session')
      .set({ idle_expires_at: idle })
      .where('token_hash', '=', hash)
      .execute();
  }

  async deleteSession(hash: Buffer): Promise<void> {
    await this.db.deleteFrom('staff_session').where('token_hash', '=', hash).execute();
  }

  async deleteSessions(staffId: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('staff_session').where('staff_id', '=', staffId).execute();
  }

  // API keys.
  apiKeyByHash(hash: Buffer): Promise<ApiKeyRow | undefined> {
    return this.db
      .selectFrom('api_key')
      .selectAll()
      .where('key_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** Notes a key's use at most once a minute (every call would be a write). */
  async touchApiKey(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('api_key')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(at.getTime() - 60_000))]),
      )
      .execute();
  }

  async insertApiKey(row: {
    name: string;
    prefix: string;
    hash: Buffer;
    merchant: string | null;
    permissions: string[];
    createdBy: string;
  }): Promise<string> {
    const r = await this.db
      .insertInto('api_key')
      .values({
        name: row.name,
        prefix: row.prefix,
        key_hash: row.hash,
        merchant_code: row.merchant,
        permissions: row.permissions,
        created_by: row.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  apiKeysOf(merchant: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_key')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .orderBy('id', 'desc')
      .execute();
  }

  async revokeApiKey(db: Db, id: string, merchant: string, at: Date): Promise<ApiKeyRow | undefined> {
    return db
      .updateTable('api_key')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('merchant_code', '=', merchant)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  // Brand security.
  async allowList(merchant: string): Promise<string[]> {
    const r = await this.db
      .selectFrom('brand_security')
      .select('ip_allow_list')
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
    return r?.ip_allow_list ?? [];
  }

  async setAllowList(db: Db, merchant: string, list: string[], by: string): Promise<void> {
    await db
      .insertInto('brand_security')
      .values({ merchant_code: merchant, ip_allow_list: list, updated_by: by })
      .onConflict((oc) =>
        oc
          .column('merchant_code')
          .doUpdateSet({ ip_allow_list: list, updated_by: by, updated_at: sql`now()` }),
      )
      .execute();
  }

  brandsNamed(codes: string[] | null) {
    let q = this.db
      .selectFrom('merchant')
      .select(['code', 'name', 'timezone as timeZone', 'currency'])
      .orderBy('code');
    if (codes) {
      if (codes.length === 0) return Promise.resolve([]);
      q = q.where('code', 'in', codes);
    }
    return q.execute();
  }
}
