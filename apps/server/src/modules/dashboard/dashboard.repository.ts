import { sql } from 'kysely';
import { Repository } from '../../db/repository';

/** The one roll-up of the ledger this module keeps (its row in dashboard_rollup_state). */
const ROLLUP = 'ledger';

/** Money figures of one local day, minor units. */
export interface DayMoney {
  day: string;
  deposits: bigint;
  withdrawals: bigint;
  turnover: bigint;
  ggr: bigint;
  bonusCost: bigint;
}

export interface DayCount {
  day: string;
  n: number;
}

export interface PendingCounts {
  deposits: number;
  withdrawals: number;
  approvals: number;
}

/** What one batch of the roll-up did. */
export interface BatchResult {
  entries: number;
}

/** A brand's days: [from, to] both included, as yyyy-mm-dd, in the brand's zone. */
export interface Days {
  merchant: string;
  timezone: string;
  from: string;
  to: string;
}

/** The instant local midnight of `day` starts in `tz`. */
const midnight = (day: string, tz: string) => sql<Date>`((${day}::date)::timestamp AT TIME ZONE ${tz}::text)`;

export class DashboardRepository extends Repository {
  /**
   * Folds the next batch of ledger entries (at most `limit`) into the roll-ups, in one
   * transaction. Entries are read in (txid, id) order from the watermark up to the horizon: the
   * xmin of the current snapshot, below which every transaction has finished, so no entry can
   * appear later behind the watermark (migration 0035). The watermark row is locked first, so a
   * second instance waits here and then reads the watermark this batch left.
   */
  foldBatch(limit: number): Promise<BatchResult> {
    return this.transaction(async (trx) => {
      const state = await sql<{ last_txid: string; last_entry_id: string; horizon: string }>`
        SELECT last_txid::text AS last_txid, last_entry_id::text AS last_entry_id,
               pg_snapshot_xmin(pg_current_snapshot())::text AS horizon
          FROM dashboard_rollup_state WHERE name = ${ROLLUP} FOR UPDATE`.execute(trx);
      const w = state.rows[0];
      if (!w) throw new Error(`dashboard: roll-up state ${ROLLUP} is missing`);
      const { rows } = await sql<{ n: string; last_txid: string | null; last_id: string | null }>`
        WITH b AS (
          SELECT e.id, e.txid, e.merchant_code, e.kind, e.member_id,
                 (e.created_at AT TIME ZONE m.timezone)::date AS day
            FROM (SELECT * FROM ledger_entry
                   WHERE txid < ${w.horizon}::xid8
                     AND (txid, id) > (${w.last_txid}::xid8, ${w.last_entry_id}::bigint)
                   ORDER BY txid, id
                   LIMIT ${limit}) e
            JOIN merchant m ON m.code = e.merchant_code
        ),
        ops AS MATERIALIZED (SELECT id, kind FROM ledger_account WHERE NOT tracked),
        sums AS (
          SELECT b.merchant_code, b.day,
                 coalesce(sum(-p.amount) FILTER (WHERE b.kind = 'DEPOSIT' AND o.kind = 'PAYMENT_CLEARING'), 0) AS deposits,
                 coalesce(sum(p.amount) FILTER (WHERE b.kind = 'WITHDRAW_PAID' AND o.kind = 'PAYMENT_CLEARING'), 0) AS withdrawals,
                 coalesce(sum(p.amount) FILTER (WHERE b.kind = 'BET' AND p.amount > 0), 0)
                   - coalesce(sum(p.amount) FILTER (WHERE b.kind = 'BET_VOID' AND p.amount > 0), 0) AS turnover,
                 coalesce(sum(p.amount) FILTER (WHERE b.kind = 'PAYOUT' AND o.kind = 'HOUSE'), 0) AS ggr,
                 coalesce(sum(-p.amount) FILTER (WHERE o.kind IN ('PROMOTION_EXPENSE', 'WAGE_EXPENSE')), 0) AS bonus_cost
            FROM b
            JOIN ledger_posting p ON p.entry_id = b.id
            LEFT JOIN ops o ON o.id = p.account_id
           GROUP BY b.merchant_code, b.day
        ),
        day_up AS (
          INSERT INTO dashboard_day AS d (merchant_code, day, deposits, withdrawals, turnover, ggr, bonus_cost)
          SELECT merchant_code, day, deposits, withdrawals, turnover, ggr, bonus_cost FROM sums
          ON CONFLICT (merchant_code, day) DO UPDATE
             SET deposits = d.deposits + excluded.deposits,
                 withdrawals = d.withdrawals + excluded.withdrawals,
                 turnover = d.turnover + excluded.turnover,
                 ggr = d.ggr + excluded.ggr,
                 bonus_cost = d.bonus_cost + excluded.bonus_cost
        ),
        active_up AS (
          INSERT INTO dashboard_member_day (merchant_code, day, member_id)
          SELECT DISTINCT merchant_code, day, member_id FROM b WHERE kind = 'BET' AND member_id IS NOT NULL
          ON CONFLICT DO NOTHING
        ),
        first_up AS (
          INSERT INTO dashboard_first_deposit AS f (member_id, merchant_code, day)
          SELECT member_id, min(merchant_code), min(day) FROM b
           WHERE kind = 'DEPOSIT' AND member_id IS NOT NULL
           GROUP BY member_id
          ON CONFLICT (member_id) DO UPDATE SET day = excluded.day WHERE excluded.day < f.day
        ),
        last AS (SELECT txid, id FROM b ORDER BY txid DESC, id DESC LIMIT 1)
        SELECT (SELECT count(*) FROM b)::text AS n,
               (SELECT txid::text FROM last) AS last_txid,
               (SELECT id::text FROM last) AS last_id`.execute(trx);
      const r = rows[0]!;
      const n = Number(r.n);
      if (n > 0)
        await sql`
          UPDATE dashboard_rollup_state
             SET last_txid = ${r.last_txid}::xid8, last_entry_id = ${r.last_id}::bigint,
                 entries = entries + ${n}, updated_at = now()
           WHERE name = ${ROLLUP}`.execute(trx);
      return { entries: n };
    });
  }

  /** Money per day of the brand's days that have any (days without money have no row). */
  async money(d: Days): Promise<DayMoney[]> {
    const { rows } = await sql<{
      day: string;
      deposits: string;
      withdrawals: string;
      turnover: string;
      ggr: string;
      bonus_cost: string;
    }>`
      SELECT day::text AS day, deposits::text, withdrawals::text, turnover::text, ggr::text, bonus_cost::text
        FROM dashboard_day
       WHERE merchant_code = ${d.merchant} AND day BETWEEN ${d.from}::date AND ${d.to}::date`.execute(
      this.db,
    );
    return rows.map((r) => ({
      day: r.day,
      deposits: BigInt(r.deposits),
      withdrawals: BigInt(r.withdrawals),
      turnover: BigInt(r.turnover),
      ggr: BigInt(r.ggr),
      bonusCost: BigInt(r.bonus_cost),
    }));
  }

  /** Distinct members who bet on any of the days. */
  async activePlayers(d: Days): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT member_id)::int AS n FROM dashboard_member_day
       WHERE merchant_code = ${d.merchant} AND day BETWEEN ${d.from}::date AND ${d.to}::date`.execute(
      this.db,
    );
    return rows[0]?.n ?? 0;
  }

  /** Members who bet, per day. */
  async activePerDay(d: Days): Promise<DayCount[]> {
    const { rows } = await sql<DayCount>`
      SELECT day::text AS day, count(*)::int AS n FROM dashboard_member_day
       WHERE merchant_code = ${d.merchant} AND day BETWEEN ${d.from}::date AND ${d.to}::date
       GROUP BY day`.execute(this.db);
    return rows;
  }

  /** Members registered, per local day (from the members table: always current). */
  async newPerDay(d: Days): Promise<DayCount[]> {
    const { rows } = await sql<DayCount>`
      SELECT (created_at AT TIME ZONE ${d.timezone}::text)::date::text AS day, count(*)::int AS n
        FROM member
       WHERE merchant_code = ${d.merchant}
         AND created_at >= ${midnight(d.from, d.timezone)}
         AND created_at < ${midnight(d.to, d.timezone)} + interval '1 day'
       GROUP BY 1`.execute(this.db);
    return rows;
  }

  /** Members whose first credited deposit fell on the day, per day. */
  async firstDepositsPerDay(d: Days): Promise<DayCount[]> {
    const { rows } = await sql<DayCount>`
      SELECT day::text AS day, count(*)::int AS n FROM dashboard_first_deposit
       WHERE merchant_code = ${d.merchant} AND day BETWEEN ${d.from}::date AND ${d.to}::date
       GROUP BY day`.execute(this.db);
    return rows;
  }

  /** The queues staff work through, live: pending deposits, withdrawals and approvals. */
  async pending(merchant: string): Promise<PendingCounts> {
    const { rows } = await sql<PendingCounts>`
      SELECT (SELECT count(*) FROM deposit WHERE merchant_code = ${merchant} AND status = 'PENDING')::int AS deposits,
             (SELECT count(*) FROM withdrawal WHERE merchant_code = ${merchant} AND status = 'PENDING')::int AS withdrawals,
             (SELECT count(*) FROM approval_request WHERE merchant_code = ${merchant} AND state = 'PENDING')::int AS approvals`.execute(
      this.db,
    );
    return rows[0]!;
  }
}
