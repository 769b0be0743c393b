import { sql } from 'kysely';
import type { Db } from '../../db/repository';

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

  /** remaining() for many members at once: only those with something left appear. */
  async remainingOf(db: Db, memberIds: string[]): Promise<Map<string, bigint>> {
    if (memberIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('turnover_requirement')
      .select(['member_id', sql<string>`sum(required - achieved)`.as('left')])
      .where('member_id', 'in', memberIds)
      .where(sql<boolean>`achieved < required`)
      .groupBy('member_id')
      .execute();
    return new Map(rows.map((r) => [String(r.member_id), BigInt(r.left)]));
  }

  insert(db: Db, r: { merchant: string; memberId: string; required: bigint; source: string }) {
    return db
      .insertInto('turnover_requirement')
      .values({ merchant_code: r.merchant, member_id: r.memberId, required: r.required, source: r.source })
      .execute();
  }

  /** Adds a valid bet to the member's open requirements (turnover_accrue(), db/functions/bets.sql). */
  async accrue(db: Db, memberId: string, validBet: bigint): Promise<void> {
    await sql`SELECT turnover_accrue(${memberId}::bigint, ${validBet}::bigint)`.execute(db);
  }
}
