import type { BroadcastSegment } from '@app/contracts';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/repository';
import type { Database } from '../../db/schema';
import { onBreakNow } from './inbox.repository';

const BROADCAST_COLUMNS = [
  'id',
  'merchant_code',
  'title',
  'content',
  'segment',
  'send_at',
  'status',
  'recipients',
  'created_by',
  'created_at',
  'sent_at',
  'cancelled_by',
  'cancelled_at',
] as const;

/**
 * The members of a brand a segment names: real accounts (no trial guests, no disabled accounts)
 * filtered by VIP level, tags, registration day and latest deposit day, days in the brand's time
 * zone. Marketing suppression is applied by the callers (they count or skip those on a break).
 */
function inSegment(merchant: string, timezone: string, s: BroadcastSegment) {
  return (eb: ExpressionBuilder<Database, 'member'>) => {
    const parts: Expression<SqlBool>[] = [
      eb('member.merchant_code', '=', merchant),
      eb('member.is_agent', '<>', 4),
      eb('member.status', '=', 'ACTIVE'),
    ];
    if (s.vipLevels.length > 0)
      parts.push(
        eb(
          sql<number>`coalesce((SELECT v.level FROM member_vip v WHERE v.member_id = member.id), 0)`,
          'in',
          s.vipLevels,
        ),
      );
    if (s.tags.length > 0) parts.push(sql<boolean>`member.tags && ${sql.val(s.tags)}::text[]`);
    const regDay = sql<string>`(member.created_at AT TIME ZONE ${timezone})::date`;
    if (s.registeredFrom) parts.push(sql<boolean>`${regDay} >= ${s.registeredFrom}::date`);
    if (s.registeredTo) parts.push(sql<boolean>`${regDay} <= ${s.registeredTo}::date`);
    if (s.lastDepositFrom || s.lastDepositTo) {
      const lastDay = sql<string>`(SELECT (max(coalesce(d.decided_at, d.updated_at)) AT TIME ZONE ${timezone})::date
        FROM deposit d WHERE d.member_id = member.id AND d.status IN ('APPROVED', 'ARRIVED'))`;
      if (s.lastDepositFrom) parts.push(sql<boolean>`${lastDay} >= ${s.lastDepositFrom}::date`);
      if (s.lastDepositTo) parts.push(sql<boolean>`${lastDay} <= ${s.lastDepositTo}::date`);
    }
    return eb.and(parts);
  };
}

export type BroadcastRow = Awaited<ReturnType<BroadcastRepository['list']>>[number];

export class BroadcastRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  brandSettings(merchant: string, db: Db = this.db) {
    return db
      .selectFrom('merchant')
      .select(['default_language', 'timezone'])
      .where('code', '=', merchant)
      .executeTakeFirst();
  }

  /** How many members of the segment would get a message now, and how many are left out on a break. */
  async count(merchant: string, timezone: string, segment: BroadcastSegment) {
    const row = await this.db
      .selectFrom('member')
      .select([
        sql<string>`count(*) FILTER (WHERE NOT ${onBreakNow})`.as('recipients'),
        sql<string>`count(*) FILTER (WHERE ${onBreakNow})`.as('suppressed'),
      ])
      .where(inSegment(merchant, timezone, segment))
      .executeTakeFirstOrThrow();
    return { recipients: Number(row.recipients), suppressed: Number(row.suppressed) };
  }

  insert(v: {
    merchant: string;
    title: Record<string, string>;
    content: Record<string, string>;
    segment: BroadcastSegment;
    sendAt: Date;
    by: string;
  }) {
    return this.db
      .insertInto('inbox_broadcast')
      .values({
        merchant_code: v.merchant,
        title: JSON.stringify(v.title),
        content: JSON.stringify(v.content),
        segment: JSON.stringify(v.segment),
        send_at: v.sendAt,
        created_by: v.by,
      })
      .returning(BROADCAST_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  list(merchant: string, limit: number) {
    return this.db
      .selectFrom('inbox_broadcast')
      .select(BROADCAST_COLUMNS)
      .where('merchant_code', '=', merchant)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  get(merchant: string, id: string) {
    return this.db
      .selectFrom('inbox_broadcast')
      .select(BROADCAST_COLUMNS)
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Cancels a broadcast not yet sent; undefined when it is not (any more) scheduled. */
  cancel(merchant: string, id: string, by: string, at: Date) {
    return this.db
      .updateTable('inbox_broadcast')
      .set({ status: 'CANCELLED', cancelled_by: by, cancelled_at: at })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('status', '=', 'SCHEDULED')
      .returning(BROADCAST_COLUMNS)
      .executeTakeFirst();
  }

  /**
   * Claims the next due broadcast in the caller's transaction: marked SENT at once, so another
   * instance (SKIP LOCKED, then the status check) never takes it too; if the transaction fails
   * the claim is undone with it and the broadcast stays due.
   */
  claimDue(trx: Db, now: Date) {
    return trx
      .updateTable('inbox_broadcast')
      .set({ status: 'SENT', sent_at: now })
      .where('status', '=', 'SCHEDULED')
      .where(
        'id',
        '=',
        sql<string>`(SELECT id FROM inbox_broadcast WHERE status = 'SCHEDULED' AND send_at <= ${now}
          ORDER BY send_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      )
      .returning(BROADCAST_COLUMNS)
      .executeTakeFirst();
  }

  /** One SYSTEM message per member of the segment not on a break; how many were written. */
  async deliver(
    trx: Db,
    merchant: string,
    timezone: string,
    segment: BroadcastSegment,
    params: Record<string, string | number>,
  ): Promise<number> {
    const q = trx
      .selectFrom('member')
      .select([
        'member.merchant_code',
        sql<string>`member.id`.as('member_id'),
        sql<string>`'SYSTEM'`.as('kind'),
        sql<string>`${JSON.stringify(params)}::jsonb`.as('params'),
      ])
      .where(inSegment(merchant, timezone, segment))
      .where(sql<boolean>`NOT ${onBreakNow}`);
    const r = await trx
      .insertInto('member_message')
      .columns(['merchant_code', 'member_id', 'kind', 'params'])
      .expression(q)
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n);
  }

  async setRecipients(trx: Db, id: string, recipients: number): Promise<void> {
    await trx.updateTable('inbox_broadcast').set({ recipients }).where('id', '=', id).execute();
  }
}
