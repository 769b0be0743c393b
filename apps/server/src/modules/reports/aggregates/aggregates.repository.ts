import { sql, type Transaction } from 'kysely';
import { ledgerHorizon, markRollUp } from '../../../db/ledger-horizon';
import { Repository } from '../../../db/repository';
import type { Database } from '../../../db/schema';
import { betIn, periodEnd } from './activity-sql';

/** The reports' row in dashboard_rollup_state (migration 0058). */
export const REPORTS_ROLLUP = 'reports';

/**
 * The reports' aggregates (report_game_day, report_member_day, report_bonus_day; who bet when:
 * report_member_activity, report_active_period): folded from the ledger after a watermark, as the
 * dashboard's roll-ups are (modules/dashboard/README.md).
 */
/** Where the fold stands (GET /wps/admin/reports/status). */
export interface FoldState {
  /** When the fold last moved (folded at least one entry); null: never. */
  movedAt: Date | null;
  /** created_at of the newest entry folded (by the watermark); null: none yet. */
  newestFoldedAt: Date | null;
  entriesFolded: number;
  /** Entries committed or not after the watermark, counted up to `cap`. */
  pending: number;
  now: Date;
}

export class AggregatesRepository extends Repository {
  /**
   * The watermark, the newest entry it covers and how many entries lie beyond it (an index range
   * of ledger_entry (txid, id), counted up to `cap` so a large backlog costs no more than that).
   */
  async state(cap: number): Promise<FoldState> {
    const { rows } = await sql<{
      moved_at: Date | null;
      newest: Date | null;
      entries: string;
      pending: string;
      now: Date;
    }>`
      SELECT CASE WHEN s.entries > 0 THEN s.updated_at END AS moved_at,
             (SELECT e.created_at FROM ledger_entry e WHERE e.id = s.last_entry_id) AS newest,
             s.entries::text AS entries,
             (SELECT count(*) FROM (SELECT 1 FROM ledger_entry e
                                     WHERE (e.txid, e.id) > (s.last_txid, s.last_entry_id)
                                     LIMIT ${cap}) x)::text AS pending,
             now() AS now
        FROM dashboard_rollup_state s WHERE s.name = ${REPORTS_ROLLUP}`.execute(this.db);
    const r = rows[0];
    if (!r) throw new Error(`reports: roll-up state ${REPORTS_ROLLUP} is missing`);
    return {
      movedAt: r.moved_at,
      newestFoldedAt: r.newest,
      entriesFolded: Number(r.entries),
      pending: Number(r.pending),
      now: r.now,
    };
  }

  /**
   * Folds the next batch of ledger entries (at most `limit`) into the aggregates, in one
   * transaction: entries in (txid, id) order from the watermark up to the horizon (every
   * transaction below it has ended), the watermark row locked first so a second instance waits and
   * then starts where this batch stopped. Answers the entries folded.
   */
  foldBatch(limit: number): Promise<number> {
    return this.transaction((trx) => this.foldIn(trx, limit));
  }

  /**
   * Empties the aggregates and folds the whole ledger again, in one transaction that holds the
   * watermark row from the start: the job waits meanwhile, and readers see the old figures until
   * the new ones commit. `progress` is told the running total after each batch. Answers the
   * entries folded.
   */
  rebuild(limit: number, progress?: (entries: number) => void): Promise<number> {
    return this.transaction(async (trx) => {
      const locked = await sql`
        SELECT 1 FROM dashboard_rollup_state WHERE name = ${REPORTS_ROLLUP} FOR UPDATE`.execute(trx);
      if (locked.rows.length === 0) throw new Error(`reports: roll-up state ${REPORTS_ROLLUP} is missing`);
      await sql`DELETE FROM report_game_day`.execute(trx);
      await sql`DELETE FROM report_member_day`.execute(trx);
      await sql`DELETE FROM report_bonus_day`.execute(trx);
      await sql`DELETE FROM report_member_activity`.execute(trx);
      await sql`DELETE FROM report_active_period`.execute(trx);
      await sql`
        UPDATE dashboard_rollup_state
           SET last_txid = '0'::xid8, last_entry_id = 0, entries = 0, updated_at = now()
         WHERE name = ${REPORTS_ROLLUP}`.execute(trx);
      let total = 0;
      for (;;) {
        const n = await this.foldIn(trx, limit);
        total += n;
        progress?.(total);
        if (n < limit) return total;
      }
    });
  }

  /**
   * One batch on `trx`. Bets are read from bet_record through their entries (a BET entry is a
   * bet's stake; a PAYOUT or BET_VOID entry its settlement), so a bet counts on the day its stake
   * was taken and on the day it was settled; money is read from the entries' postings.
   */
  private async foldIn(trx: Transaction<Database>, limit: number): Promise<number> {
    await markRollUp(trx);
    // The horizon is taken once the watermark is ours: a fold that held it has ended by then, so
    // a caller's rollUp() reaches every entry committed before it was called.
    const state = await sql<{ last_txid: string; last_entry_id: string }>`
        SELECT last_txid::text AS last_txid, last_entry_id::text AS last_entry_id
          FROM dashboard_rollup_state WHERE name = ${REPORTS_ROLLUP} FOR UPDATE`.execute(trx);
    const horizon = await ledgerHorizon(trx);
    const w = state.rows[0];
    if (!w) throw new Error(`reports: roll-up state ${REPORTS_ROLLUP} is missing`);
    const { rows } = await sql<{ n: string; last_txid: string | null; last_id: string | null }>`
        WITH b AS MATERIALIZED (
          SELECT e.id, e.txid, e.merchant_code, e.kind, e.member_id, e.memo,
                 (e.created_at AT TIME ZONE m.timezone)::date AS day
            FROM (SELECT * FROM ledger_entry
                   WHERE txid < ${horizon}::xid8
                     AND (txid, id) > (${w.last_txid}::xid8, ${w.last_entry_id}::bigint)
                   ORDER BY txid, id
                   LIMIT ${limit}) e
            JOIN merchant m ON m.code = e.merchant_code
        ),
        ops AS MATERIALIZED (SELECT id, kind FROM ledger_account WHERE NOT tracked),
        -- What each PAYOUT entry credited to HOUSE (stake - payout of a settlement; minus the
        -- amount of a further payout). Payouts are read from the entries, never from the bet's
        -- payout column, which a further payout raises after the settlement was folded.
        -- The entry's own columns come along, so nothing joins this back to b: the planner takes
        -- "entries after the watermark" for about one row (the watermark sits at the end of the
        -- statistics), and a join of two such CTEs became a nested loop of batch × batch rows.
        house AS MATERIALIZED (
          SELECT b.id, b.merchant_code, b.day, b.memo, coalesce(x.amount, 0)::bigint AS amount
            FROM b
           CROSS JOIN LATERAL (
                 SELECT sum(p.amount) FILTER (WHERE o.kind = 'HOUSE') AS amount
                   FROM ledger_posting p LEFT JOIN ops o ON o.id = p.account_id
                  WHERE p.entry_id = b.id) x
           WHERE b.kind = 'PAYOUT'
        ),
        -- One row per bet event: a stake taken (BET), a settlement (the PAYOUT entry a bet names),
        -- a further payout (a PAYOUT entry no bet names: BetService.addPayout, under its memo's
        -- vendor and round) or a void (BET_VOID). ratio_sq adds what the event adds to
        -- (payout / stake)²: a further payout a adds ((p + a)² - p²) / stake², p the settlement's.
        ev AS MATERIALIZED (
          SELECT b.merchant_code, b.day, r.member_id, r.vendor_code, r.game_type, r.game_code,
                 1 AS placed, r.stake AS placed_stake, 0 AS settled, 0::bigint AS settled_stake,
                 0::bigint AS payout, 0::bigint AS valid, 0 AS voided, 0::bigint AS voided_stake,
                 0::float8 AS ratio_sq
            FROM b JOIN bet_record r ON r.stake_entry_id = b.id
           WHERE b.kind = 'BET'
          UNION ALL
          SELECT h.merchant_code, h.day, r.member_id, r.vendor_code, r.game_type, r.game_code,
                 0, 0, 1, r.stake, r.stake - h.amount, r.valid_bet, 0, 0,
                 ((r.stake - h.amount)::float8 / r.stake::float8) ^ 2
            FROM house h JOIN bet_record r ON r.settle_entry_id = h.id
          UNION ALL
          SELECT h.merchant_code, h.day, r.member_id, r.vendor_code, r.game_type, r.game_code,
                 0, 0, 0, 0, -h.amount, 0, 0, 0,
                 (((s.payout - h.amount)::float8 / r.stake::float8) ^ 2)
                   - ((s.payout::float8 / r.stake::float8) ^ 2)
            FROM house h
            JOIN bet_record r ON r.merchant_code = h.merchant_code AND r.vendor_code = h.memo->>'vendor'
                             AND r.round_id = h.memo->>'roundId'
            CROSS JOIN LATERAL (
              SELECT r.stake - coalesce(sum(p.amount), 0) AS payout
                FROM ledger_posting p JOIN ops o ON o.id = p.account_id AND o.kind = 'HOUSE'
               WHERE p.entry_id = r.settle_entry_id) s
           WHERE NOT EXISTS (SELECT 1 FROM bet_record x WHERE x.settle_entry_id = h.id)
          UNION ALL
          SELECT b.merchant_code, b.day, r.member_id, r.vendor_code, r.game_type, r.game_code,
                 0, 0, 0, 0, 0, 0, 1, r.stake, 0
            FROM b JOIN bet_record r ON r.settle_entry_id = b.id
           WHERE b.kind = 'BET_VOID'
        ),
        game_up AS (
          INSERT INTO report_game_day AS g
                 (merchant_code, day, vendor_code, game_type, game_code, bets, turnover, valid_turnover,
                  settled, settled_stake, payout, ggr, voided, voided_stake, ratio_sq)
          SELECT merchant_code, day, vendor_code, game_type, game_code, sum(placed),
                 sum(placed_stake) - sum(voided_stake), sum(valid), sum(settled), sum(settled_stake),
                 sum(payout), sum(settled_stake) - sum(payout), sum(voided), sum(voided_stake), sum(ratio_sq)
            FROM ev GROUP BY merchant_code, day, vendor_code, game_type, game_code
          ON CONFLICT (merchant_code, day, vendor_code, game_type, game_code) DO UPDATE
             SET bets = g.bets + excluded.bets,
                 turnover = g.turnover + excluded.turnover,
                 valid_turnover = g.valid_turnover + excluded.valid_turnover,
                 settled = g.settled + excluded.settled,
                 settled_stake = g.settled_stake + excluded.settled_stake,
                 payout = g.payout + excluded.payout,
                 ggr = g.ggr + excluded.ggr,
                 voided = g.voided + excluded.voided,
                 voided_stake = g.voided_stake + excluded.voided_stake,
                 ratio_sq = g.ratio_sq + excluded.ratio_sq
        ),
        -- Money that is not a bet, per entry: deposits, withdrawals paid, bonus cost.
        money AS MATERIALIZED (
          SELECT b.merchant_code, b.day, b.kind, coalesce(b.memo->>'source', '') AS source,
                 -- A payment's entry names no member (the member's wallets do not move): its memo does.
                 coalesce(b.member_id, CASE WHEN b.memo->>'memberId' ~ '^[0-9]{1,18}$'
                                            THEN (b.memo->>'memberId')::bigint END) AS member_id,
                 coalesce(sum(-p.amount) FILTER (WHERE b.kind = 'DEPOSIT' AND o.kind = 'PAYMENT_CLEARING'), 0) AS deposit,
                 coalesce(sum(p.amount) FILTER (WHERE b.kind = 'WITHDRAW_PAID' AND o.kind = 'PAYMENT_CLEARING'), 0) AS withdrawal,
                 coalesce(sum(-p.amount) FILTER (WHERE o.kind IN ('PROMOTION_EXPENSE', 'WAGE_EXPENSE')), 0) AS bonus
            FROM b
            JOIN ledger_posting p ON p.entry_id = b.id
            LEFT JOIN ops o ON o.id = p.account_id
           WHERE b.kind NOT IN ('BET', 'PAYOUT', 'BET_VOID')
           GROUP BY b.id, b.merchant_code, b.day, b.member_id, b.kind, b.memo
        ),
        bonus_up AS (
          INSERT INTO report_bonus_day AS d (merchant_code, day, kind, source, amount, entries)
          SELECT merchant_code, day, kind, source, sum(bonus), count(*)
            FROM money WHERE bonus <> 0
           GROUP BY merchant_code, day, kind, source
          ON CONFLICT (merchant_code, day, kind, source) DO UPDATE
             SET amount = d.amount + excluded.amount, entries = d.entries + excluded.entries
        ),
        member_rows AS (
          SELECT merchant_code, day, member_id, placed AS bets, placed_stake - voided_stake AS turnover,
                 valid, settled_stake, payout, 0::bigint AS deposit, 0 AS deposit_n, 0::bigint AS withdrawal,
                 0 AS withdrawal_n, 0::bigint AS bonus
            FROM ev
          UNION ALL
          SELECT merchant_code, day, member_id, 0, 0, 0, 0, 0, deposit, (deposit <> 0)::int, withdrawal,
                 (withdrawal <> 0)::int, bonus
            FROM money
           WHERE member_id IS NOT NULL AND (deposit <> 0 OR withdrawal <> 0 OR bonus <> 0)
        ),
        member_up AS (
          INSERT INTO report_member_day AS d
                 (merchant_code, day, member_id, bets, turnover, valid_turnover, settled_stake, payout, ggr,
                  deposits, deposit_count, withdrawals, withdrawal_count, bonus)
          SELECT merchant_code, day, member_id, sum(bets), sum(turnover), sum(valid), sum(settled_stake),
                 sum(payout), sum(settled_stake) - sum(payout), sum(deposit), sum(deposit_n), sum(withdrawal),
                 sum(withdrawal_n), sum(bonus)
            FROM member_rows GROUP BY merchant_code, day, member_id
          ON CONFLICT (merchant_code, day, member_id) DO UPDATE
             SET bets = d.bets + excluded.bets,
                 turnover = d.turnover + excluded.turnover,
                 valid_turnover = d.valid_turnover + excluded.valid_turnover,
                 settled_stake = d.settled_stake + excluded.settled_stake,
                 payout = d.payout + excluded.payout,
                 ggr = d.ggr + excluded.ggr,
                 deposits = d.deposits + excluded.deposits,
                 deposit_count = d.deposit_count + excluded.deposit_count,
                 withdrawals = d.withdrawals + excluded.withdrawals,
                 withdrawal_count = d.withdrawal_count + excluded.withdrawal_count,
                 bonus = d.bonus + excluded.bonus
        ),
        -- The days each member of the batch bet on that the member's activity does not hold yet
        -- (read as it was before this statement), with the activity as it was.
        new_days AS MATERIALIZED (
          SELECT d.merchant_code, d.member_id, d.day, a.first_day AS old_first, a.days AS old_days
            FROM (SELECT DISTINCT merchant_code, member_id, day FROM ev WHERE placed = 1) d
            LEFT JOIN report_member_activity a
              ON a.merchant_code = d.merchant_code AND a.member_id = d.member_id
           WHERE NOT ${betIn(sql`a.first_day`, sql`a.days`, sql`d.day`, sql`d.day`)}
        ),
        -- A member adds one to the count of each day, week and month of a new day in which the
        -- activity held no day before.
        active_up AS (
          INSERT INTO report_active_period AS x (merchant_code, kind, period, members)
          SELECT merchant_code, kind, period, count(*)
            FROM (SELECT DISTINCT n.merchant_code, n.member_id, p.kind, p.period, n.old_first, n.old_days
                    FROM new_days n
                   CROSS JOIN LATERAL (VALUES ('day', n.day), ('week', date_trunc('week', n.day)::date),
                                              ('month', date_trunc('month', n.day)::date)) p (kind, period)) q
           WHERE NOT ${betIn(sql`q.old_first`, sql`q.old_days`, sql`q.period`, periodEnd(sql`q.kind`, sql`q.period`))}
           GROUP BY merchant_code, kind, period
          ON CONFLICT (merchant_code, kind, period) DO UPDATE SET members = x.members + excluded.members
        ),
        new_bits AS (
          SELECT merchant_code, member_id, f AS first_day,
                 (SELECT string_agg(CASE WHEN g::date = ANY (ds) THEN '1' ELSE '0' END, '' ORDER BY g)
                    FROM generate_series(f::timestamp, l::timestamp, interval '1 day') g)::varbit AS days
            FROM (SELECT merchant_code, member_id, min(day) AS f, max(day) AS l, array_agg(day) AS ds
                    FROM new_days GROUP BY merchant_code, member_id) n
        ),
        activity_up AS (
          INSERT INTO report_member_activity AS a (merchant_code, member_id, first_day, days)
          SELECT merchant_code, member_id, first_day, days FROM new_bits
          ON CONFLICT (merchant_code, member_id) DO UPDATE
             SET first_day = least(a.first_day, excluded.first_day),
                 days = (repeat('0', a.first_day - least(a.first_day, excluded.first_day)) || a.days::text
                         || repeat('0', greatest(a.first_day + length(a.days), excluded.first_day + length(excluded.days))
                                        - (a.first_day + length(a.days))))::varbit
                      | (repeat('0', excluded.first_day - least(a.first_day, excluded.first_day)) || excluded.days::text
                         || repeat('0', greatest(a.first_day + length(a.days), excluded.first_day + length(excluded.days))
                                        - (excluded.first_day + length(excluded.days))))::varbit
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
           WHERE name = ${REPORTS_ROLLUP}`.execute(trx);
    return n;
  }
}
