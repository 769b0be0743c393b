import { TRIAL_IS_AGENT } from '@app/contracts';
import { sql, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { PointEntryKindColumn, PointEntryTable } from '../../db/schema';

export type PointEntryRow = Selectable<PointEntryTable>;

/** SQL of the points ledger, the brand's rules and the earning job's rows, nothing else. */
export class PointsRepository extends Repository {
  // ---- the brand's rules ----------------------------------------------------------------------------

  config(merchant: string) {
    return this.db
      .selectFrom('point_config')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
  }

  rates(merchant: string) {
    return this.db
      .selectFrom('point_earn_rate')
      .select(['game_type', 'points'])
      .where('merchant_code', '=', merchant)
      .orderBy('game_type')
      .execute();
  }

  /** Brands whose points are earned now. */
  /** Whether the operator paused this reward kind on the brand (read at each use: every instance). */
  async paused(merchant: string, kind: 'POINTS_EARNING' | 'MALL'): Promise<boolean> {
    const row = await this.db
      .selectFrom('reward_pause')
      .select('kind')
      .where('merchant_code', '=', merchant)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row !== undefined;
  }

  async earningBrands(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('point_config')
      .select('merchant_code')
      .where('earning_enabled', '=', true)
      .orderBy('merchant_code')
      .execute();
    return rows.map((r) => r.merchant_code);
  }

  // ---- balances and entries ---------------------------------------------------------------------------

  /** A member's points (0 before the first entry). */
  async balance(db: Db, memberId: string): Promise<bigint> {
    const row = await db
      .selectFrom('point_balance')
      .select('balance')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return BigInt(row?.balance ?? 0);
  }

  /**
   * Locks the member's balance row for the rest of the transaction (creating it at 0 first) and
   * returns the balance. Every movement of the member's points takes this lock first, so two never
   * interleave.
   */
  async lockBalance(trx: Db, merchant: string, memberId: string): Promise<bigint> {
    await trx
      .insertInto('point_balance')
      .values({ member_id: memberId, merchant_code: merchant, balance: '0' })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('point_balance')
      .select('balance')
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return BigInt(row.balance);
  }

  entryByReference(db: Db, merchant: string, reference: string) {
    return db
      .selectFrom('point_entry')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  /** Appends an entry; undefined when its reference exists already (nothing was written). */
  async insertEntry(
    trx: Db,
    e: {
      merchant: string;
      memberId: string;
      kind: PointEntryKindColumn;
      points: bigint;
      balanceAfter: bigint;
      reference: string;
      memo: Record<string, unknown>;
    },
  ): Promise<string | undefined> {
    const row = await trx
      .insertInto('point_entry')
      .values({
        merchant_code: e.merchant,
        member_id: e.memberId,
        kind: e.kind,
        points: e.points.toString(),
        balance_after: e.balanceAfter.toString(),
        reference: e.reference,
        memo: JSON.stringify(e.memo),
      })
      .onConflict((oc) => oc.constraint('point_entry_reference_unique').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async setBalance(trx: Db, memberId: string, balance: bigint): Promise<void> {
    await trx
      .updateTable('point_balance')
      .set({ balance: balance.toString(), updated_at: sql<Date>`now()` })
      .where('member_id', '=', memberId)
      .execute();
  }

  /** A page of the member's entries, newest first, with the total count. */
  async history(memberId: string, kind: PointEntryKindColumn | undefined, offset: number, limit: number) {
    let base = this.db.selectFrom('point_entry').where('member_id', '=', memberId);
    if (kind) base = base.where('kind', '=', kind);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  // ---- earning ------------------------------------------------------------------------------------

  /** Members among `ids` who are trial accounts (they play with play money and earn nothing). */
  async trialMembers(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('member')
      .select('id')
      // One array parameter: a day's earners as an IN list passed the protocol's 65,535 at a
      // million members, and the day's points failed.
      .where(sql<boolean>`id = ANY(${ids}::bigint[])`)
      .where('is_agent', '=', TRIAL_IS_AGENT)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** What each member of the brand had credited by deposits in [from, to): amount less fee, minor units. */
  async creditedDeposits(merchant: string, from: Date, to: Date): Promise<Map<string, bigint>> {
    const rows = await this.db
      .selectFrom('deposit')
      .select(['member_id', sql<string>`sum(amount - fee)::text`.as('credited')])
      .where('merchant_code', '=', merchant)
      .where('status', 'in', ['APPROVED', 'ARRIVED'])
      .where('updated_at', '>=', from)
      .where('updated_at', '<', to)
      .groupBy('member_id')
      .execute();
    return new Map(rows.map((r) => [r.member_id, BigInt(r.credited)]));
  }

  /** What each member of the brand has been credited for `day` so far. */
  async creditedOfDay(merchant: string, day: string): Promise<Map<string, bigint>> {
    const rows = await this.db
      .selectFrom('point_earning')
      .select(['member_id', 'credited'])
      .where('merchant_code', '=', merchant)
      .where('day', '=', day)
      .execute();
    return new Map(rows.map((r) => [r.member_id, BigInt(r.credited)]));
  }

  /** The (member, day) row, created at 0 if missing, locked for the rest of the transaction. */
  async lockEarning(trx: Db, merchant: string, memberId: string, day: string) {
    await trx
      .insertInto('point_earning')
      .values({
        member_id: memberId,
        day,
        merchant_code: merchant,
        turnover_points: '0',
        deposit_points: '0',
        credited: '0',
      })
      .onConflict((oc) => oc.columns(['member_id', 'day']).doNothing())
      .execute();
    return trx
      .selectFrom('point_earning')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('day', '=', day)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  async recordEarning(
    trx: Db,
    memberId: string,
    day: string,
    f: { turnoverPoints: bigint; depositPoints: bigint; credited: bigint },
  ): Promise<void> {
    await trx
      .updateTable('point_earning')
      .set({
        turnover_points: f.turnoverPoints.toString(),
        deposit_points: f.depositPoints.toString(),
        credited: f.credited.toString(),
        updated_at: sql<Date>`now()`,
      })
      .where('member_id', '=', memberId)
      .where('day', '=', day)
      .execute();
  }

  /** Of these days, the ones the job has finished for the brand. */
  async closedDays(merchant: string, days: string[]): Promise<Set<string>> {
    if (days.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('point_earning_day')
      .select('day')
      .where('merchant_code', '=', merchant)
      .where('day', 'in', days)
      .execute();
    return new Set(rows.map((r) => r.day));
  }

  async closeDay(merchant: string, day: string): Promise<void> {
    await this.db
      .insertInto('point_earning_day')
      .values({ merchant_code: merchant, day })
      .onConflict((oc) => oc.columns(['merchant_code', 'day']).doNothing())
      .execute();
  }

  /** A member of the brand by username (the seed's opening points). */
  memberByUsername(merchant: string, username: string) {
    return this.db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('username', '=', username)
      .executeTakeFirst();
  }
}
