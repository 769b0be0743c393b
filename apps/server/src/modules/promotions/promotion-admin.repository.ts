import { sql, type Insertable, type Updateable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { Database, PromotionTable } from '../../db/schema';
import type { PromotionRow } from './promotion.repository';

export type AdminPromotionRow = PromotionRow & { participants: number };

/** A promotion of the brand in the back office's terms of its state. */
export type AdminState = 'DRAFT' | 'SCHEDULED' | 'RUNNING' | 'ENDED' | 'STOPPED';

/** Credited deposits (as the promotion repository counts them). */
const CREDITED = ['APPROVED', 'ARRIVED'] as const;

/** One member active in the forecast's window. */
export interface ActivityRow {
  member_id: string;
  level: number;
  created_at: Date;
  amounts: string[] | null;
  turnover: string | null;
  active_days: number;
  first_in_window: boolean;
}

/**
 * SQL of the back office's promotions: every promotion of the brand (published or not), its
 * categories, prize table and images, the kill switch, and the activity the forecast reads.
 */
export class PromotionAdminRepository extends Repository {
  private base(merchant: string, db: Db = this.db) {
    return db
      .selectFrom('promotion as p')
      .selectAll('p')
      .select(
        sql<number>`(SELECT count(DISTINCT x.member_id)::int FROM promotion_participation x
          WHERE x.promotion_id = p.id)`.as('participants'),
      )
      .where('p.merchant_code', '=', merchant);
  }

  async page(
    merchant: string,
    q: { state?: AdminState; kind?: PromotionTable['kind']; categoryId?: string },
    now: Date,
    offset: number,
    limit: number,
  ): Promise<{ rows: AdminPromotionRow[]; total: number }> {
    let base = this.base(merchant);
    if (q.kind) base = base.where('p.kind', '=', q.kind);
    if (q.categoryId) base = base.where('p.category_id', '=', q.categoryId);
    switch (q.state) {
      case 'DRAFT':
        base = base.where('p.active', '=', false);
        break;
      case 'STOPPED':
        base = base.where('p.active', '=', true).where('p.killed_at', 'is not', null);
        break;
      case 'SCHEDULED':
        base = base
          .where('p.active', '=', true)
          .where('p.killed_at', 'is', null)
          .where('p.starts_at', '>', now);
        break;
      case 'ENDED':
        base = base
          .where('p.active', '=', true)
          .where('p.killed_at', 'is', null)
          .where('p.ends_at', 'is not', null)
          .where('p.ends_at', '<=', now);
        break;
      case 'RUNNING':
        base = base
          .where('p.active', '=', true)
          .where('p.killed_at', 'is', null)
          .where('p.starts_at', '<=', now)
          .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', now)]));
        break;
      case undefined:
        break;
    }
    const [rows, count] = await Promise.all([
      base.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').offset(offset).limit(limit).execute(),
      base
        .clearSelect()
        .select(sql<string>`count(*)::text`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Published promotions of the brand that take claims now (running, not stopped). */
  async liveCount(merchant: string, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('promotion')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('merchant_code', '=', merchant)
      .where('active', '=', true)
      .where('killed_at', 'is', null)
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  find(merchant: string, id: string, db: Db = this.db): Promise<AdminPromotionRow | undefined> {
    return this.base(merchant, db).where('p.id', '=', id).executeTakeFirst();
  }

  /** The row locked for the rest of the caller's transaction (an edit waits for a payment and back). */
  lock(db: Db, merchant: string, id: string) {
    return db
      .selectFrom('promotion')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  codeTaken(merchant: string, code: string) {
    return this.db
      .selectFrom('promotion')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  async insert(db: Db, row: Insertable<Database['promotion']>): Promise<string> {
    const r = await db.insertInto('promotion').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(db: Db, id: string, set: Updateable<Database['promotion']>): Promise<void> {
    await db
      .updateTable('promotion')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  prizes(id: string, db: Db = this.db) {
    return db
      .selectFrom('promotion_prize')
      .select(['seq', 'amount', 'weight'])
      .where('promotion_id', '=', id)
      .orderBy('seq')
      .execute();
  }

  async replacePrizes(db: Db, id: string, prizes: { amount: bigint; weight: number }[]): Promise<void> {
    await db.deleteFrom('promotion_prize').where('promotion_id', '=', id).execute();
    if (prizes.length === 0) return;
    await db
      .insertInto('promotion_prize')
      .values(
        prizes.map((p, seq) => ({ promotion_id: id, seq, amount: p.amount.toString(), weight: p.weight })),
      )
      .execute();
  }

  /** Stops every published, unstopped promotion of the brand; the ids stopped. */
  async killAll(db: Db, merchant: string, by: string): Promise<string[]> {
    const rows = await db
      .updateTable('promotion')
      .set({ killed_at: sql<Date>`now()`, killed_by: by, updated_at: sql<Date>`now()` })
      .where('merchant_code', '=', merchant)
      .where('active', '=', true)
      .where('killed_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  // ---- categories -------------------------------------------------------------------------------

  categories(merchant: string) {
    return this.db
      .selectFrom('promotion_category as c')
      .selectAll('c')
      .select(
        sql<number>`(SELECT count(*)::int FROM promotion p WHERE p.category_id = c.id)`.as('promotions'),
      )
      .where('c.merchant_code', '=', merchant)
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
  }

  category(merchant: string, id: string) {
    return this.db
      .selectFrom('promotion_category')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  categoryCode(merchant: string, code: string) {
    return this.db
      .selectFrom('promotion_category')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  async insertCategory(row: Insertable<Database['promotion_category']>): Promise<string> {
    const r = await this.db
      .insertInto('promotion_category')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async updateCategory(id: string, set: Updateable<Database['promotion_category']>): Promise<void> {
    await this.db.updateTable('promotion_category').set(set).where('id', '=', id).execute();
  }

  // ---- images -----------------------------------------------------------------------------------

  async insertImage(row: Insertable<Database['promotion_image']>): Promise<void> {
    await this.db.insertInto('promotion_image').values(row).execute();
  }

  image(id: string) {
    return this.db
      .selectFrom('promotion_image')
      .select(['content_type', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  // ---- what the forecast reads ------------------------------------------------------------------

  /**
   * Members of the brand with a credited deposit or a settled bet in [from, to): VIP level, when
   * they registered, their deposits (oldest first), valid turnover, active days in the brand's
   * zone, and whether their first deposit ever falls in the window. At most `limit` members.
   */
  async activity(merchant: string, from: Date, to: Date, tz: string, limit: number): Promise<ActivityRow[]> {
    const credited = sql.join(CREDITED.map((s) => sql.lit(s)));
    const { rows } = await sql<ActivityRow>`
      WITH dep AS (
        SELECT member_id,
               array_agg(amount::text ORDER BY updated_at, id) AS amounts,
               array_agg(DISTINCT (updated_at AT TIME ZONE ${tz})::date) AS days
          FROM deposit
         WHERE merchant_code = ${merchant} AND status IN (${credited})
           AND updated_at >= ${from} AND updated_at < ${to}
         GROUP BY member_id
      ), bets AS (
        SELECT member_id,
               sum(valid_bet)::text AS turnover,
               array_agg(DISTINCT (settled_at AT TIME ZONE ${tz})::date) AS days
          FROM bet_record
         WHERE merchant_code = ${merchant} AND status = 'SETTLED'
           AND settled_at >= ${from} AND settled_at < ${to}
         GROUP BY member_id
      )
      SELECT m.id AS member_id,
             coalesce(v.level, 0)::int AS level,
             m.created_at,
             dep.amounts,
             bets.turnover,
             (SELECT count(DISTINCT d)::int
                FROM unnest(coalesce(dep.days, '{}'::date[]) || coalesce(bets.days, '{}'::date[])) AS d)
               AS active_days,
             NOT EXISTS (SELECT 1 FROM deposit e
                          WHERE e.member_id = m.id AND e.status IN (${credited}) AND e.updated_at < ${from})
               AS first_in_window
        FROM member m
        LEFT JOIN dep ON dep.member_id = m.id
        LEFT JOIN bets ON bets.member_id = m.id
        LEFT JOIN member_vip v ON v.member_id = m.id
       WHERE m.merchant_code = ${merchant}
         AND (dep.member_id IS NOT NULL OR bets.member_id IS NOT NULL)
       ORDER BY m.id
       LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Published promotions of the brand of `kind` (other than `exceptId`) that ran in [from, to),
   * with the bonuses their ledger entries paid in it.
   */
  similar(merchant: string, kind: PromotionTable['kind'], exceptId: string | null, from: Date, to: Date) {
    let q = this.db
      .selectFrom('promotion as p')
      .selectAll('p')
      .select((eb) => [
        eb
          .selectFrom('promotion_participation as x')
          .innerJoin('ledger_entry as e', 'e.id', 'x.entry_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('x.promotion_id', '=', 'p.id')
          .where('e.created_at', '>=', from)
          .where('e.created_at', '<', to)
          .as('paid_claims'),
        eb
          .selectFrom('promotion_participation as x')
          .innerJoin('ledger_entry as e', 'e.id', 'x.entry_id')
          .select(sql<string>`coalesce(sum(x.amount), 0)::text`.as('s'))
          .whereRef('x.promotion_id', '=', 'p.id')
          .where('e.created_at', '>=', from)
          .where('e.created_at', '<', to)
          .as('paid_cost'),
      ])
      .where('p.merchant_code', '=', merchant)
      .where('p.kind', '=', kind)
      .where('p.active', '=', true)
      .where('p.starts_at', '<', to)
      .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', from)]));
    if (exceptId) q = q.where('p.id', '<>', exceptId);
    return q.execute();
  }
}
