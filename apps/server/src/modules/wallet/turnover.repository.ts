import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export class TurnoverRepository {
  async remaining(db: Db, memberId: string): Promise<bigint> {
    const row = await db
      .selectFrom('turnover_requirement')
      .select(sql<string>`coalesce(sum(required - achieved), 0)`.as('left'))
      .where('member_id', '=', memberId)
      .where(sql<boolean>`achieved < required`)
      .executeTakeFirstOrThrow();
    return BigInt(row.left);
  }

  insert(db: Db, r: { merchant: string; memberId: string; required: bigint; source: string }) {
    return db
      .insertInto('turnover_requirement')
      .values({ merchant_code: r.merchant, member_id: r.memberId, required: r.required, source: r.source })
      .execute();
  }

  /**
   * Adds a valid bet to the member's open requirements, oldest first: each takes what it still
   * needs, the rest flows to the next.
   */
  async accrue(db: Db, memberId: string, validBet: bigint): Promise<void> {
    // Locked first: a window function cannot be combined with FOR UPDATE in one query.
    await sql`SELECT id FROM turnover_requirement WHERE member_id = ${memberId} AND achieved < required
              ORDER BY id FOR UPDATE`.execute(db);
    await sql`
      WITH open AS (
        SELECT id, required - achieved AS need,
               coalesce(sum(required - achieved) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
        FROM turnover_requirement WHERE member_id = ${memberId} AND achieved < required)
      UPDATE turnover_requirement t
         SET achieved = t.achieved + least(o.need, greatest(${validBet}::bigint - o.before, 0))
        FROM open o
       WHERE t.id = o.id AND ${validBet}::bigint > o.before`.execute(db);
  }
}
