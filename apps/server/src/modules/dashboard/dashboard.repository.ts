import { sql } from 'kysely';
import { ledgerHorizon, markRollUp } from '../../db/ledger-horizon';
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
  /** Members who bet that day. */
  active: number;
  /** Members whose first credited deposit was that day. */
  firstDeposits: number;
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

/** Per calendar year the period touches, the bits of its days (bit 0: 1 January), as bit text. */
export function yearMasks(from: string, to: string): { year: number; mask: string }[] {
  const out: { year: number; mask: string }[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const jan1 = Date.UTC(year, 0, 1);
    const bits = Array.from({ length: 366 }, (_, i) => {
      const day = new Date(jan1 + i * 86_400_000).toISOString().slice(0, 10);
      return day.startsWith(String(year)) && day >= from && day <= to ? '1' : '0';
    });
    out.push({ year, mask: bits.join('') });
  }
  return out;
}

export class DashboardRepository extends Repository {
  /**
   * Folds the next batch of ledger entries (at most `limit`) into the roll-ups, in one
   * transaction. Entries are read in (txid, id) order from the watermark up to the horizon, below
   * which every transaction that could write this database's ledger has finished, so no entry can
   * appear later behind the watermark (migration 0035). The watermark row is locked first, so a
   * second instance waits here and then reads the watermark this batch left.
   */
  foldBatch(limit: number): Promise<BatchResult> {
    return this.transaction(async (trx) => {
      await markRollUp(trx);
      const state = await sql<{ last_txid: string; last_entry_id: string }>`
        SELECT last_txid::text AS last_txid, last_entry_id::text AS last_entry_id
          FROM dashboard_rollup_state WHERE name = ${ROLLUP} FOR UPDATE`.execute(trx);
      const horizon = await ledgerHorizon(trx);
      const w = state.rows[0];
      if (!w) throw new Error(`dashboard: roll-up state ${ROLLUP} is missing`);
      const { rows } = await sql<{ n: string; last_txid: string | null; last_id: string | null }>`
        WITH b AS (
          SELECT e.id, e.txid, e.merchant_code, e.kind, e.member_id,
                 (e.created_at AT TIME ZONE m.timezone)::date AS day
            FROM (SELECT * FROM ledger_entry
                   WHERE txid < ${horizon}::xid8
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
        active_up AS (
          INSERT INTO dashboard_member_day (merchant_code, day, member_id)
          SELECT DISTINCT merchant_code, day, member_id FROM b WHERE kind = 'BET' AND member_id IS NOT NULL
          ON CONFLICT DO NOTHING
          RETURNING merchant_code, day, member_id
        ),
        year_up AS (
          INSERT INTO dashboard_member_year AS y (merchant_code, year, member_id, days)
          SELECT merchant_code, extract(year FROM day)::int, member_id,
                 bit_or(B'1'::bit(366) >> (day - date_trunc('year', day)::date))
            FROM active_up
           GROUP BY 1, 2, 3
          ON CONFLICT (merchant_code, year, member_id) DO UPDATE SET days = y.days | excluded.days
        ),
        first_new AS (
          SELECT member_id, min(merchant_code) AS merchant_code, min(day) AS day FROM b
           WHERE kind = 'DEPOSIT' AND member_id IS NOT NULL
           GROUP BY member_id
        ),
        -- Members whose first deposit is new or earlier than the one known (the statement reads
        -- dashboard_first_deposit as it was before it; the watermark lock keeps other batches out).
        first_moves AS (
          SELECT n.member_id, n.merchant_code, n.day AS new_day, f.day AS old_day
            FROM first_new n LEFT JOIN dashboard_first_deposit f ON f.member_id = n.member_id
           WHERE f.day IS NULL OR n.day < f.day
        ),
        first_up AS (
          INSERT INTO dashboard_first_deposit AS f (member_id, merchant_code, day)
          SELECT member_id, merchant_code, new_day FROM first_moves
          ON CONFLICT (member_id) DO UPDATE SET day = excluded.day
        ),
        ftd AS (
          SELECT merchant_code, day, sum(n)::int AS n FROM (
            SELECT merchant_code, new_day AS day, 1 AS n FROM first_moves
            UNION ALL
            SELECT merchant_code, old_day, -1 FROM first_moves WHERE old_day IS NOT NULL) m
           GROUP BY 1, 2
        ),
        act AS (SELECT merchant_code, day, count(*)::int AS n FROM active_up GROUP BY 1, 2),
        keys AS (
          SELECT merchant_code, day FROM sums
          UNION SELECT merchant_code, day FROM act
          UNION SELECT merchant_code, day FROM ftd
        ),
        day_up AS (
          INSERT INTO dashboard_day AS d
                 (merchant_code, day, deposits, withdrawals, turnover, ggr, bonus_cost, active, first_deposits)
          SELECT k.merchant_code, k.day,
                 coalesce(s.deposits, 0), coalesce(s.withdrawals, 0), coalesce(s.turnover, 0),
                 coalesce(s.ggr, 0), coalesce(s.bonus_cost, 0), coalesce(a.n, 0), coalesce(f.n, 0)
            FROM keys k
            LEFT JOIN sums s ON s.merchant_code = k.merchant_code AND s.day = k.day
            LEFT JOIN act a ON a.merchant_code = k.merchant_code AND a.day = k.day
            LEFT JOIN ftd f ON f.merchant_code = k.merchant_code AND f.day = k.day
          ON CONFLICT (merchant_code, day) DO UPDATE
             SET deposits = d.deposits + excluded.deposits,
                 withdrawals = d.withdrawals + excluded.withdrawals,
                 turnover = d.turnover + excluded.turnover,
                 ggr = d.ggr + excluded.ggr,
                 bonus_cost = d.bonus_cost + excluded.bonus_cost,
                 active = d.active + excluded.active,
                 first_deposits = d.first_deposits + excluded.first_deposits
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
      active: number;
      first_deposits: number;
    }>`
      SELECT day::text AS day, deposits::text, withdrawals::text, turnover::text, ggr::text,
             bonus_cost::text, active, first_deposits
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
      active: r.active,
      firstDeposits: r.first_deposits,
    }));
  }

  /**
   * Distinct members who bet on any of the days: members whose year bitmap has a bit inside the
   * period (one row per member and year, never one per member-day).
   */
  async activePlayers(d: Days): Promise<number> {
    const years = yearMasks(d.from, d.to);
    const hit = (y: { year: number; mask: string }) =>
      sql`(year = ${y.year} AND (days & ${y.mask}::bit(366)) <> B'0'::bit(366))`;
    // Within one year a member has one row: a plain count. Across years, distinct members.
    const counted = years.length === 1 ? sql`count(*)` : sql`count(DISTINCT member_id)`;
    const { rows } = await sql<{ n: number }>`
      SELECT ${counted}::int AS n FROM dashboard_member_year
       WHERE merchant_code = ${d.merchant} AND year IN (${sql.join(years.map((y) => y.year))})
         AND (${sql.join(years.map(hit), sql` OR `)})`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  /**
   * Members registered, per local day (from the members table: always current). One index range
   * count per day, so no row's local day is computed.
   */
  async newPerDay(d: Days): Promise<DayCount[]> {
    const { rows } = await sql<DayCount>`
      SELECT g.day::date::text AS day,
             (SELECT count(*)::int FROM member m
               WHERE m.merchant_code = ${d.merchant}
                 AND m.created_at >= (g.day::date::timestamp AT TIME ZONE ${d.timezone}::text)
                 AND m.created_at < ((g.day::date + 1)::timestamp AT TIME ZONE ${d.timezone}::text)) AS n
        FROM generate_series(${d.from}::date, ${d.to}::date, interval '1 day') AS g(day)`.execute(this.db);
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
