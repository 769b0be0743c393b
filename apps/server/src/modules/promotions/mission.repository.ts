import { sql, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { MissionClaimTable, MissionTable } from '../../db/schema';

export type MissionRow = Selectable<MissionTable>;
export type ClaimRow = Selectable<MissionClaimTable>;

/** Deposit states in which the money reached the member's wallet. */
const CREDITED = ['APPROVED', 'ARRIVED'] as const;

/**
 * SQL of missions and their claims, and the two facts of a period that are not bets (bets come
 * from BetStatsService): credited deposits and login days. Those read the cashier's deposit
 * table and the session module's login events, read-only.
 */
export class MissionRepository extends Repository {
  /** The brand's active missions, daily first, in the operator's order. */
  active(merchant: string): Promise<MissionRow[]> {
    return this.db
      .selectFrom('mission')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('active', '=', true)
      .orderBy('period')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** One active mission of the brand (another brand's id or an inactive mission is not found). */
  activeById(merchant: string, id: string): Promise<MissionRow | undefined> {
    return this.db
      .selectFrom('mission')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('active', '=', true)
      .executeTakeFirst();
  }

  /** The member's claims of these periods. */
  claimsOf(memberId: string, periodKeys: readonly string[]): Promise<ClaimRow[]> {
    if (periodKeys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('mission_claim')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('period_key', 'in', periodKeys)
      .execute();
  }

  /** Mission rewards the member claimed in a week (daily and weekly missions), minor units. */
  async weekRewards(memberId: string, merchant: string, weekKey: string): Promise<bigint> {
    const row = await this.db
      .selectFrom('mission_claim')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
      .where('member_id', '=', memberId)
      .where('merchant_code', '=', merchant)
      .where('week_key', '=', weekKey)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  /** Records a paid claim in the caller's transaction (with the reward's ledger entry). */
  insertClaim(db: Db, row: Omit<Selectable<MissionClaimTable>, 'id' | 'claimed_at'>): Promise<ClaimRow> {
    return db.insertInto('mission_claim').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Deposits credited to the member with the credit in [from, to), minor units. */
  async creditedDeposits(memberId: string, from: Date, to: Date): Promise<bigint> {
    // A deposit leaves PENDING once (APPROVED or ARRIVED) and updated_at is set then: the credit time.
    const row = await this.db
      .selectFrom('deposit')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
      .where('member_id', '=', memberId)
      .where('status', 'in', CREDITED)
      .where('updated_at', '>=', from)
      .where('updated_at', '<', to)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  /** Local days (in `tz`) in [from, to) on which the member logged in successfully. */
  async loginDays(memberId: string, from: Date, to: Date, tz: string): Promise<number> {
    const { rows } = await sql<{ days: number }>`
      SELECT count(DISTINCT (e.at AT TIME ZONE ${tz})::date)::int AS days
        FROM login_event e
       WHERE e.member_id = ${memberId} AND e.success AND e.at >= ${from} AND e.at < ${to}`.execute(this.db);
    return rows[0]?.days ?? 0;
  }

  /**
   * The brand's standings of a week from its claims: missions claimed, then rewards, then who got
   * there first (the later of their last claims), then the lower member id, ranked 1, 2, ...;
   * answers the first `size` and the caller's own row wherever it ranks.
   */
  async standings(
    merchant: string,
    weekKey: string,
    size: number,
    memberId: string,
  ): Promise<{ rank: number; member_id: string; username: string; completed: number; rewards: string }[]> {
    const { rows } = await sql<{
      rank: number;
      member_id: string;
      username: string;
      completed: number;
      rewards: string;
    }>`
      WITH standing AS (
        SELECT c.member_id, count(*)::int AS completed, sum(c.amount) AS rewards,
               max(c.claimed_at) AS reached_at
          FROM mission_claim c
         WHERE c.merchant_code = ${merchant} AND c.week_key = ${weekKey}
         GROUP BY c.member_id
      ), ranked AS (
        SELECT s.*, row_number() OVER (
                 ORDER BY s.completed DESC, s.rewards DESC, s.reached_at ASC, s.member_id ASC)::int AS rank
          FROM standing s
      )
      SELECT r.rank, r.member_id::text AS member_id, m.username, r.completed, r.rewards::text AS rewards
        FROM ranked r
        JOIN member m ON m.id = r.member_id
       WHERE r.rank <= ${size} OR r.member_id = ${memberId}
       ORDER BY r.rank`.execute(this.db);
    return rows;
  }
}
