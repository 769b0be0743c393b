import { sql, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type {
  ParticipationStatusColumn,
  PromotionParticipationTable,
  PromotionTable,
  PromotionTerms,
} from '../../db/schema';

export type PromotionRow = Selectable<PromotionTable>;
export type ParticipationRow = Selectable<PromotionParticipationTable>;
export type ApplicationRow = ParticipationRow & {
  username: string;
  promotion_title: PromotionRow['title'];
  max_bonus: string | null;
  turnover_multiple: number;
};

/** Deposits that were credited to the member (an operator approved it, or the gateway paid it). */
const CREDITED = ['APPROVED', 'ARRIVED'] as const;
const DEPOSIT_KINDS = ['FIRST_DEPOSIT', 'RELOAD'] as const;

/**
 * SQL of promotions: categories, promotions and their prize tables, participations, and the
 * deposit facts the rules read (credited deposits: their time is when they left PENDING, the
 * deposit's updated_at, set in the transaction that credited them).
 */
export class PromotionRepository extends Repository {
  // ---- promotions -------------------------------------------------------------------------------

  categories(merchant: string) {
    return this.db
      .selectFrom('promotion_category')
      .select(['id', 'code', 'name'])
      .where('merchant_code', '=', merchant)
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** A page of the brand's active promotions: running and coming ones first, closed ones last. */
  async page(merchant: string, categoryId: string | undefined, now: Date, offset: number, limit: number) {
    let base = this.db
      .selectFrom('promotion as p')
      .innerJoin('promotion_category as c', 'c.id', 'p.category_id')
      .where('p.merchant_code', '=', merchant)
      .where('p.active', '=', true)
      .where('c.active', '=', true);
    if (categoryId) base = base.where('p.category_id', '=', categoryId);
    const [rows, count] = await Promise.all([
      base
        .selectAll('p')
        .orderBy(sql`(p.ends_at IS NOT NULL AND p.ends_at <= ${now})`)
        .orderBy('p.sort')
        .orderBy('p.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** The brand's active promotions that are running at `now` (started, not ended). */
  running(merchant: string, now: Date) {
    return this.db
      .selectFrom('promotion as p')
      .innerJoin('promotion_category as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .where('p.merchant_code', '=', merchant)
      .where('p.active', '=', true)
      .where('c.active', '=', true)
      .where('p.starts_at', '<=', now)
      .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', now)]))
      .orderBy('p.sort')
      .orderBy('p.id')
      .execute();
  }

  /** One active promotion of the brand (another brand's id, or an inactive one, is not found). */
  promotion(merchant: string, id: string, db: Db = this.db) {
    return db
      .selectFrom('promotion as p')
      .innerJoin('promotion_category as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .where('p.merchant_code', '=', merchant)
      .where('p.id', '=', id)
      .where('p.active', '=', true)
      .where('c.active', '=', true)
      .executeTakeFirst();
  }

  prizes(promotionId: string) {
    return this.db
      .selectFrom('promotion_prize')
      .select(['seq', 'amount', 'weight'])
      .where('promotion_id', '=', promotionId)
      .orderBy('seq')
      .execute();
  }

  // ---- participations ---------------------------------------------------------------------------

  /** The member's participations of these (promotion, period) pairs. */
  async participations(memberId: string, pairs: { promotionId: string; periodKey: string }[]) {
    if (pairs.length === 0) return [];
    return this.db
      .selectFrom('promotion_participation')
      .selectAll()
      .where('member_id', '=', memberId)
      .where((eb) =>
        eb.or(
          pairs.map((p) =>
            eb.and([eb('promotion_id', '=', p.promotionId), eb('period_key', '=', p.periodKey)]),
          ),
        ),
      )
      .execute();
  }

  participation(db: Db, promotionId: string, memberId: string, periodKey: string) {
    return db
      .selectFrom('promotion_participation')
      .selectAll()
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', memberId)
      .where('period_key', '=', periodKey)
      .executeTakeFirst();
  }

  insertParticipation(
    db: Db,
    row: {
      merchant: string;
      promotionId: string;
      memberId: string;
      periodKey: string;
      periodStart: Date;
      periodEnd: Date | null;
      status: ParticipationStatusColumn;
      amount?: bigint;
      turnoverRequired?: bigint;
      prizeSeq?: number;
      remark?: string;
      imageIds?: string[];
      entryId?: string;
      /** The promotion's figures it is taken on (what a later payment of it works from). */
      terms: PromotionTerms;
    },
  ) {
    return db
      .insertInto('promotion_participation')
      .values({
        merchant_code: row.merchant,
        promotion_id: row.promotionId,
        member_id: row.memberId,
        period_key: row.periodKey,
        period_start: row.periodStart,
        period_end: row.periodEnd,
        status: row.status,
        amount: row.amount ?? null,
        turnover_required: row.turnoverRequired ?? null,
        prize_seq: row.prizeSeq ?? null,
        remark: row.remark ?? null,
        image_ids: row.imageIds ?? [],
        entry_id: row.entryId ?? null,
        terms: JSON.stringify(row.terms),
        deposit_order_no: null,
        deposit_amount: null,
        reject_reason: null,
        reviewed_by: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The row locked for the rest of the caller's transaction. */
  participationForUpdate(db: Db, id: string) {
    return db
      .selectFrom('promotion_participation')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async markIssued(
    db: Db,
    id: string,
    r: {
      amount: bigint;
      turnoverRequired: bigint;
      entryId: string;
      deposit?: { orderNo: string; amount: bigint };
      reviewedBy?: string;
    },
  ): Promise<void> {
    await db
      .updateTable('promotion_participation')
      .set({
        status: 'ISSUED',
        amount: r.amount,
        turnover_required: r.turnoverRequired,
        entry_id: r.entryId,
        ...(r.deposit ? { deposit_order_no: r.deposit.orderNo, deposit_amount: r.deposit.amount } : {}),
        ...(r.reviewedBy ? { reviewed_by: r.reviewedBy } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  async markRejected(db: Db, id: string, reason: string, reviewedBy: string | null): Promise<void> {
    await db
      .updateTable('promotion_participation')
      .set({
        status: 'REJECTED',
        reject_reason: reason,
        reviewed_by: reviewedBy,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  // ---- caps ----------------------------------------------------------------------------------------

  /**
   * The promotion's caps and what is used of them, its row locked for the rest of the caller's
   * transaction: a second payment of the promotion waits here until the first has committed.
   */
  capsForUpdate(db: Db, promotionId: string) {
    return db
      .selectFrom('promotion')
      .select(['killed_at', 'budget_total', 'budget_used', 'max_claims', 'claims_count', 'per_member_cap'])
      .where('id', '=', promotionId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  /** What the member was paid by the promotion over its whole run, minor units. */
  async memberPaid(db: Db, promotionId: string, memberId: string): Promise<bigint> {
    const row = await db
      .selectFrom('promotion_participation')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  /** Counts one bonus of `amount` against the promotion's budget (on the row capsForUpdate locked). */
  async countPaid(db: Db, promotionId: string, amount: bigint): Promise<void> {
    await db
      .updateTable('promotion')
      .set({
        budget_used: sql<string>`budget_used + ${amount.toString()}::bigint`,
        claims_count: sql<number>`claims_count + 1`,
      })
      .where('id', '=', promotionId)
      .execute();
  }

  /** When the member registered (promotions for new members read it). */
  async registeredAt(memberId: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('member')
      .select('created_at')
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  // ---- deposits the rules read ------------------------------------------------------------------

  /** Whether the member has any credited deposit (FIRST_DEPOSIT is for members without one). */
  async hasCreditedDeposit(memberId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('deposit')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', 'in', CREDITED)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** The member's deposits credited in [from, to) (to null: up to now), minor units. */
  async creditedBetween(memberId: string, from: Date, to: Date | null): Promise<bigint> {
    let q = this.db
      .selectFrom('deposit')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('member_id', '=', memberId)
      .where('status', 'in', CREDITED)
      .where('updated_at', '>=', from);
    if (to) q = q.where('updated_at', '<', to);
    return BigInt((await q.executeTakeFirstOrThrow()).total);
  }

  /** The member's JOINED deposit promotions (FIRST_DEPOSIT, RELOAD), in the order they are served. */
  joinedDepositPromotions(memberId: string) {
    return this.db
      .selectFrom('promotion_participation as x')
      .innerJoin('promotion as p', 'p.id', 'x.promotion_id')
      .select(['x.id', 'x.promotion_id', 'x.period_key', 'x.merchant_code'])
      .where('x.member_id', '=', memberId)
      .where('x.status', '=', 'JOINED')
      .where('p.kind', 'in', DEPOSIT_KINDS)
      .orderBy('p.sort')
      .orderBy('p.id')
      .execute();
  }

  /**
   * The deposit that earns a JOINED participation its bonus: the member's earliest deposit credited
   * since the join, within the participation's period, of at least `min`, that earned no other
   * promotion's bonus; for `firstOnly`, only the member's first credited deposit ever. Read on the
   * caller's transaction, after the participation row is locked.
   */
  qualifyingDeposit(
    db: Db,
    q: { memberId: string; from: Date; to: Date | null; min: bigint; firstOnly: boolean },
  ) {
    let query = db
      .selectFrom('deposit as d')
      .select(['d.order_no', 'd.amount', 'd.updated_at'])
      .where('d.member_id', '=', q.memberId)
      .where('d.status', 'in', CREDITED)
      .where('d.updated_at', '>=', q.from)
      .where('d.amount', '>=', q.min.toString())
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('promotion_participation as u')
              .select('u.id')
              .whereRef('u.deposit_order_no', '=', 'd.order_no'),
          ),
        ),
      );
    if (q.to) query = query.where('d.updated_at', '<', q.to);
    if (q.firstOnly) {
      query = query.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('deposit as e')
              .select('e.id')
              .whereRef('e.member_id', '=', 'd.member_id')
              .where('e.status', 'in', CREDITED)
              .where(sql<boolean>`(e.updated_at, e.id) < (d.updated_at, d.id)`),
          ),
        ),
      );
    }
    return query.orderBy('d.updated_at').orderBy('d.id').limit(1).executeTakeFirst();
  }

  /**
   * Members with a JOINED deposit promotion that a credited deposit may have earned (the catch-up
   * pass settles them): a deposit of at least the minimum, credited in the period after the join.
   */
  membersDue(limit: number) {
    return (
      this.db
        .selectFrom('promotion_participation as x')
        .innerJoin('promotion as p', 'p.id', 'x.promotion_id')
        .innerJoin('promotion_category as c', 'c.id', 'p.category_id')
        .select(['x.merchant_code', 'x.member_id'])
        .distinct()
        .where('x.status', '=', 'JOINED')
        .where('p.kind', 'in', DEPOSIT_KINDS)
        .where(({ exists, selectFrom }) =>
          exists(
            // FIRST_DEPOSIT: only the first credited deposit ever counts (else a later one would
            // bring this member back on every pass).
            selectFrom('deposit as d')
              .select('d.id')
              .whereRef('d.member_id', '=', 'x.member_id')
              .where('d.status', 'in', CREDITED)
              .whereRef('d.updated_at', '>=', 'x.created_at')
              .whereRef('d.updated_at', '>=', 'x.period_start')
              .whereRef('d.amount', '>=', 'p.min_deposit')
              .where(sql<boolean>`(x.period_end IS NULL OR d.updated_at < x.period_end)`)
              .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM promotion_participation u
              WHERE u.deposit_order_no = d.order_no)`)
              .where(sql<boolean>`(p.kind <> 'FIRST_DEPOSIT' OR NOT EXISTS (SELECT 1 FROM deposit e
              WHERE e.member_id = d.member_id AND e.status IN ('APPROVED', 'ARRIVED')
                AND (e.updated_at, e.id) < (d.updated_at, d.id)))`),
          ),
        )
        .where('p.active', '=', true)
        .where('c.active', '=', true)
        // A stopped promotion pays nothing new (its joined members wait until it is resumed).
        .where('p.killed_at', 'is', null)
        .where(sql<boolean>`(p.budget_total IS NULL OR p.budget_used < p.budget_total)`)
        .where(sql<boolean>`(p.max_claims IS NULL OR p.claims_count < p.max_claims)`)
        .limit(limit)
        .execute()
    );
  }

  // ---- applications (operators) -----------------------------------------------------------------

  private applicationQuery(db: Db) {
    return db
      .selectFrom('promotion_participation as x')
      .innerJoin('promotion as p', 'p.id', 'x.promotion_id')
      .innerJoin('member as m', 'm.id', 'x.member_id')
      .selectAll('x')
      .select(['m.username', 'p.title as promotion_title', 'p.max_bonus', 'p.turnover_multiple'])
      .where('p.kind', '=', 'APPLY');
  }

  async applications(
    merchant: string,
    status: 'APPLYING' | 'ISSUED' | 'REJECTED' | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: ApplicationRow[]; total: number }> {
    let base = this.applicationQuery(this.db).where('x.merchant_code', '=', merchant);
    if (status) base = base.where('x.status', '=', status);
    const [rows, count] = await Promise.all([
      base.orderBy('x.created_at', 'desc').orderBy('x.id', 'desc').offset(offset).limit(limit).execute(),
      base
        .clearSelect()
        .select(sql<string>`count(*)::text`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  application(db: Db, merchant: string, id: string): Promise<ApplicationRow | undefined> {
    return this.applicationQuery(db)
      .where('x.merchant_code', '=', merchant)
      .where('x.id', '=', id)
      .executeTakeFirst();
  }

  /** Whether the brand runs a referral promotion now (availablePromo.REFERRAL.enabled). */
  async referralRunning(merchant: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('promotion as p')
      .innerJoin('promotion_category as c', 'c.id', 'p.category_id')
      .select('p.id')
      .where('p.merchant_code', '=', merchant)
      .where('p.kind', '=', 'REFERRAL')
      .where('p.active', '=', true)
      .where('c.active', '=', true)
      .where('p.starts_at', '<=', now)
      .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', now)]))
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }
}
