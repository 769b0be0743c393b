import { sql } from 'kysely';
import type { Db } from '../../db/repository';

export type LimitRow = {
  member_id: string;
  merchant_code: string;
  kind: 'DEPOSIT' | 'LOSS' | 'WAGER' | 'SESSION';
  period: 'D' | 'W' | 'M' | 'S';
  amount: string | null;
  pending: boolean;
  pending_amount: string | null;
  pending_from: Date | null;
};

/** The SQL of player protection: settings, limits, exclusions, the history, and what was used. */
export class ProtectionRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  settings(merchant: string) {
    return this.db
      .selectFrom('protection_settings')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
  }

  limits(memberId: string, db: Db = this.db) {
    return db.selectFrom('protection_limit').selectAll().where('member_id', '=', memberId).execute();
  }

  /** The member's row of a limit, locked for the change (absent: no limit and nothing waiting). */
  lockLimit(trx: Db, memberId: string, kind: LimitRow['kind'], period: LimitRow['period']) {
    return trx
      .selectFrom('protection_limit')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('period', '=', period)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Serialises a member's protection changes (a limit row may not exist yet to lock). */
  async lockMember(trx: Db, memberId: string): Promise<void> {
    await trx.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().execute();
  }

  async saveLimit(trx: Db, row: Omit<LimitRow, 'pending'> & { pending: boolean }): Promise<void> {
    if (row.amount === null && !row.pending) {
      await trx
        .deleteFrom('protection_limit')
        .where('member_id', '=', row.member_id)
        .where('kind', '=', row.kind)
        .where('period', '=', row.period)
        .execute();
      return;
    }
    const values = {
      amount: row.amount,
      pending: row.pending,
      pending_amount: row.pending_amount,
      pending_from: row.pending_from,
      updated_at: new Date(),
    };
    await trx
      .insertInto('protection_limit')
      .values({
        member_id: row.member_id,
        merchant_code: row.merchant_code,
        kind: row.kind,
        period: row.period,
        ...values,
      })
      .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doUpdateSet(values))
      .execute();
  }

  /** The exclusion not yet closed (at most one, by a partial unique index). */
  openExclusion(memberId: string, db: Db = this.db) {
    return db
      .selectFrom('protection_exclusion')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('returned_at', 'is', null)
      .executeTakeFirst();
  }

  async closeExclusion(trx: Db, id: string, at: Date): Promise<void> {
    await trx.updateTable('protection_exclusion').set({ returned_at: at }).where('id', '=', id).execute();
  }

  async insertExclusion(
    trx: Db,
    e: {
      memberId: string;
      merchant: string;
      kind: 'TIMEOUT' | 'SELF_EXCLUSION';
      term: string;
      startsAt: Date;
      endsAt: Date | null;
      allBrands: boolean;
    },
  ): Promise<void> {
    await trx
      .insertInto('protection_exclusion')
      .values({
        member_id: e.memberId,
        merchant_code: e.merchant,
        kind: e.kind,
        term: e.term,
        starts_at: e.startsAt,
        ends_at: e.endsAt,
        all_brands: e.allBrands,
      })
      .execute();
  }

  async setReturnFrom(trx: Db, id: string, from: Date): Promise<void> {
    await trx.updateTable('protection_exclusion').set({ return_from: from }).where('id', '=', id).execute();
  }

  async event(
    trx: Db,
    e: { memberId: string; merchant: string; action: string; detail: Record<string, unknown>; actor: string },
  ): Promise<void> {
    await trx
      .insertInto('protection_event')
      .values({
        member_id: e.memberId,
        merchant_code: e.merchant,
        action: e.action,
        detail: JSON.stringify(e.detail),
        actor: e.actor,
      })
      .execute();
  }

  history(memberId: string, offset: number, limit: number) {
    return this.db
      .selectFrom('protection_event')
      .select(['at', 'action', 'detail', 'actor'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** Deposits asked for since `from` that may still be or were credited (minor units). */
  async depositsSince(memberId: string, from: Date, db: Db = this.db): Promise<bigint> {
    const row = await db
      .selectFrom('deposit')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
      .where('member_id', '=', memberId)
      .where('created_at', '>=', from)
      .where('status', 'in', ['PENDING', 'ARRIVED', 'APPROVED'])
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  /** Whether the member ever asked for a deposit that was not failed or rejected. */
  async hasDeposited(memberId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('deposit')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', 'in', ['PENDING', 'ARRIVED', 'APPROVED'])
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** How many logins the member has had, counted up to 2 (1: the session the sign-up opened). */
  async loginCount(memberId: string): Promise<number> {
    const rows = await this.db
      .selectFrom('member_session')
      .select('id')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'SESSION')
      .limit(2)
      .execute();
    return rows.length;
  }

  /** Stakes placed since `from` (not voided), and payouts settled since `from` (minor units). */
  async betsSince(memberId: string, from: Date): Promise<{ staked: bigint; paid: bigint }> {
    const staked = await this.db
      .selectFrom('bet_record')
      .select(sql<string>`coalesce(sum(stake), 0)`.as('total'))
      .where('member_id', '=', memberId)
      .where('placed_at', '>=', from)
      .where('status', '<>', 'VOID')
      .executeTakeFirstOrThrow();
    const paid = await this.db
      .selectFrom('bet_record')
      .select(sql<string>`coalesce(sum(payout), 0)`.as('total'))
      .where('member_id', '=', memberId)
      .where('settled_at', '>=', from)
      .where('status', '=', 'SETTLED')
      .executeTakeFirstOrThrow();
    return { staked: BigInt(staked.total), paid: BigInt(paid.total) };
  }

  /**
   * When the member's session began: their latest login (newest SESSION row). bet_place_batch()
   * reads the same instant for the session time limit; null: never logged in.
   */
  async sessionStart(memberId: string, db: Db = this.db): Promise<Date | null> {
    const row = await db
      .selectFrom('member_session')
      .select((eb) => eb.fn.max('created_at').as('started'))
      .where('member_id', '=', memberId)
      .where('kind', '=', 'SESSION')
      .executeTakeFirst();
    const started = row?.started as Date | string | null | undefined;
    return started ? new Date(started) : null;
  }

  preference(memberId: string) {
    return this.db
      .selectFrom('protection_preference')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  async savePreference(trx: Db, memberId: string, merchant: string, minutes: number | null): Promise<void> {
    await trx
      .insertInto('protection_preference')
      .values({ member_id: memberId, merchant_code: merchant, reality_check_minutes: minutes })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({ reality_check_minutes: minutes, updated_at: new Date() }),
      )
      .execute();
  }

  /**
   * The same person's accounts on the other brands of an operator group: the same e-mail address
   * (case-insensitive) or the same mobile number with its dialing code. Usernames are per brand
   * and say nothing about the person; id numbers are optional and unverified at sign-up.
   */
  async sameIdentityElsewhere(
    trx: Db,
    member: { id: string; email: string | null; dialing: string | null; mobile: string | null },
    group: string,
  ): Promise<{ id: string; merchant_code: string }[]> {
    const email = member.email?.trim().toLowerCase() || null;
    const mobile = member.mobile && member.dialing ? { d: member.dialing, m: member.mobile } : null;
    if (!email && !mobile) return [];
    return trx
      .selectFrom('member as m')
      .innerJoin('protection_settings as s', 's.merchant_code', 'm.merchant_code')
      .select(['m.id', 'm.merchant_code'])
      .where('s.operator_group', '=', group)
      .where('m.id', '<>', member.id)
      .where((eb) =>
        eb.or([
          ...(email ? [eb(sql<string>`lower(m.email)`, '=', email)] : []),
          ...(mobile
            ? [eb.and([eb('m.country_dialing_code', '=', mobile.d), eb('m.mobile_num', '=', mobile.m)])]
            : []),
        ]),
      )
      .orderBy('m.id')
      .execute();
  }

  identity(memberId: string, db: Db = this.db) {
    return db
      .selectFrom('member')
      .select(['id', 'merchant_code', 'email', 'country_dialing_code', 'mobile_num'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  // ---- back office ------------------------------------------------------------------------------

  /**
   * Members of a brand with a limit or an open break, newest change first, optionally only one
   * kind (LIMIT: any limit row; TIMEOUT / SELF_EXCLUSION: an open break of that kind) or a
   * username prefix.
   */
  protectedMembers(
    merchant: string,
    f: { kind: 'ALL' | 'LIMIT' | 'TIMEOUT' | 'SELF_EXCLUSION'; q?: string; offset: number; limit: number },
  ) {
    let q = this.db
      .selectFrom('member as m')
      .select(['m.id', 'm.username'])
      .select((eb) =>
        eb
          .selectFrom('protection_event as e')
          .select((e) => e.fn.max('e.at').as('at'))
          .whereRef('e.member_id', '=', 'm.id')
          .as('last_change_at'),
      )
      .where('m.merchant_code', '=', merchant);
    const hasLimit = sql<boolean>`EXISTS (SELECT 1 FROM protection_limit l WHERE l.member_id = m.id)`;
    const hasBreak = (kind: string | null) =>
      sql<boolean>`EXISTS (SELECT 1 FROM protection_exclusion x WHERE x.member_id = m.id
        AND x.returned_at IS NULL AND (${kind}::text IS NULL OR x.kind = ${kind}))`;
    if (f.kind === 'LIMIT') q = q.where(hasLimit);
    else if (f.kind === 'ALL') q = q.where((eb) => eb.or([hasLimit, hasBreak(null)]) as never);
    else q = q.where(hasBreak(f.kind));
    if (f.q) q = q.where('m.username', 'like', `${f.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
    return q
      .orderBy(sql`last_change_at DESC NULLS LAST`)
      .orderBy('m.id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute();
  }

  limitsOf(memberIds: string[]) {
    if (memberIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('protection_limit').selectAll().where('member_id', 'in', memberIds).execute();
  }

  openExclusionsOf(memberIds: string[]) {
    if (memberIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('protection_exclusion')
      .selectAll()
      .where('member_id', 'in', memberIds)
      .where('returned_at', 'is', null)
      .execute();
  }

  /** Reality checks answered on a brand in [from, to): how many, by answer, by how many members. */
  async realityChecks(merchant: string, from: Date, to: Date) {
    const row = await this.db
      .selectFrom('protection_event')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) FILTER (WHERE detail->>'choice' = 'CONTINUE')`.as('continued'),
        sql<string>`count(*) FILTER (WHERE detail->>'choice' = 'LOGOUT')`.as('logged_out'),
        sql<string>`count(DISTINCT member_id)`.as('members'),
      ])
      .where('merchant_code', '=', merchant)
      .where('action', '=', 'reality.check')
      .where('at', '>=', from)
      .where('at', '<', to)
      .executeTakeFirstOrThrow();
    return {
      total: Number(row.total),
      continued: Number(row.continued),
      loggedOut: Number(row.logged_out),
      members: Number(row.members),
    };
  }

  async saveSettings(
    trx: Db,
    merchant: string,
    v: {
      cooling_off_hours: number;
      reality_check_minutes: number | null;
      min_age: number;
      ask_birth_date: boolean;
      exclusion_terms: string[];
      offer_limits: 'NONE' | 'REGISTRATION' | 'FIRST_DEPOSIT';
      operator_group: string | null;
      updated_by: string;
    },
  ): Promise<void> {
    const values = { ...v, updated_at: new Date() };
    await trx
      .insertInto('protection_settings')
      .values({ merchant_code: merchant, ...values })
      .onConflict((oc) => oc.column('merchant_code').doUpdateSet(values))
      .execute();
  }

  memberOf(merchant: string, memberId: string) {
    return this.db
      .selectFrom('member')
      .select('id')
      .where('id', '=', memberId)
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
  }
}
