import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema';
import { REPORTS_ROLLUP } from './aggregates.repository';

/** One figure the aggregates hold that the ledger does not give (or the other way round). */
export interface AggregateDifference {
  /**
   * brand_day: a brand's day figure (dashboard definitions) against the sums of the aggregates;
   * otherwise the aggregate table whose row differs.
   */
  table:
    | 'brand_day'
    | 'report_game_day'
    | 'report_member_day'
    | 'report_bonus_day'
    | 'report_member_activity'
    | 'report_active_period';
  /** The row: brand, day and the table's other key columns. */
  key: Record<string, string>;
  column: string;
  /** From the ledger ('0' where it has nothing). */
  expected: string;
  /** In the aggregates ('0' where there is no row). */
  actual: string;
}

export interface CheckOptions {
  /** One brand only. */
  merchant?: string;
  /** Rows listed per table at most (each may give several differences); default 1,000. */
  limit?: number;
  /** ratio_sq may differ by this much relative to its size (floating-point sums in another order). */
  tolerance?: number;
}

interface Table {
  name: AggregateDifference['table'];
  keys: string[];
  ints: string[];
  floats?: string[];
  /** The expected rows (a CTE name of the statement) and the actual ones. */
  expected: string;
  actual: RawBuilder<unknown>;
}

/**
 * Compares the reports' aggregates with figures computed straight from ledger_entry,
 * ledger_posting, ledger_account and bet_record, for every entry the aggregates have folded (up to
 * the 'reports' watermark, read in the same snapshot as the aggregates). Money comes from the
 * postings (stakes from BET_HOLD, GGR from HOUSE, deposits and withdrawals from PAYMENT_CLEARING,
 * bonus cost from the expense accounts); bet_record only says which bet, game and valid bet an
 * entry belongs to. Answers the differences: empty when the aggregates are consistent.
 */
export async function checkAggregates(
  db: Kysely<Database>,
  opts: CheckOptions = {},
): Promise<AggregateDifference[]> {
  const limit = opts.limit ?? 1_000;
  const tolerance = opts.tolerance ?? 1e-9;
  const brand = (col: string) =>
    opts.merchant === undefined ? sql`TRUE` : sql`${sql.ref(col)} = ${opts.merchant}`;

  const tables: Table[] = [
    {
      name: 'brand_day',
      keys: ['merchant_code', 'day'],
      ints: ['turnover', 'ggr', 'deposits', 'withdrawals', 'bonus_cost'],
      expected: 'exp_brand',
      actual: sql`(SELECT k.merchant_code, k.day, g.turnover, g.ggr, m.deposits, m.withdrawals, d.bonus_cost
                     FROM (SELECT merchant_code, day FROM report_game_day
                           UNION SELECT merchant_code, day FROM report_member_day
                           UNION SELECT merchant_code, day FROM report_bonus_day) k
                     LEFT JOIN (SELECT merchant_code, day, sum(turnover) AS turnover, sum(ggr) AS ggr
                                  FROM report_game_day GROUP BY 1, 2) g USING (merchant_code, day)
                     LEFT JOIN (SELECT merchant_code, day, sum(deposits) AS deposits, sum(withdrawals) AS withdrawals
                                  FROM report_member_day GROUP BY 1, 2) m USING (merchant_code, day)
                     LEFT JOIN (SELECT merchant_code, day, sum(amount) AS bonus_cost
                                  FROM report_bonus_day GROUP BY 1, 2) d USING (merchant_code, day)
                    WHERE ${brand('k.merchant_code')})`,
    },
    {
      name: 'report_game_day',
      keys: ['merchant_code', 'day', 'vendor_code', 'game_type', 'game_code'],
      ints: [
        'bets',
        'turnover',
        'valid_turnover',
        'settled',
        'settled_stake',
        'payout',
        'ggr',
        'voided',
        'voided_stake',
      ],
      floats: ['ratio_sq'],
      expected: 'exp_game',
      actual: sql`(SELECT * FROM report_game_day WHERE ${brand('merchant_code')})`,
    },
    {
      name: 'report_member_day',
      keys: ['merchant_code', 'day', 'member_id'],
      ints: [
        'bets',
        'turnover',
        'valid_turnover',
        'settled_stake',
        'payout',
        'ggr',
        'deposits',
        'deposit_count',
        'withdrawals',
        'withdrawal_count',
        'bonus',
      ],
      expected: 'exp_member',
      actual: sql`(SELECT * FROM report_member_day WHERE ${brand('merchant_code')})`,
    },
    {
      name: 'report_bonus_day',
      keys: ['merchant_code', 'day', 'kind', 'source'],
      ints: ['amount', 'entries'],
      expected: 'exp_bonus',
      actual: sql`(SELECT * FROM report_bonus_day WHERE ${brand('merchant_code')})`,
    },
    {
      // Each set bit a member-day (bet = 1): the days with a BET entry of the member.
      name: 'report_member_activity',
      keys: ['merchant_code', 'day', 'member_id'],
      ints: ['bet'],
      expected: 'exp_activity',
      actual: sql`(SELECT a.merchant_code, a.first_day + i AS day, a.member_id, 1 AS bet
                     FROM report_member_activity a
                    CROSS JOIN generate_series(0, length(a.days) - 1) i
                    WHERE get_bit(a.days, i) = 1 AND ${brand('a.merchant_code')})`,
    },
    {
      name: 'report_active_period',
      keys: ['merchant_code', 'kind', 'period'],
      ints: ['members'],
      expected: 'exp_active',
      actual: sql`(SELECT * FROM report_active_period WHERE ${brand('merchant_code')})`,
    },
  ];

  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const state = await sql<{ last_txid: string; last_entry_id: string }>`
        SELECT last_txid::text AS last_txid, last_entry_id::text AS last_entry_id
          FROM dashboard_rollup_state WHERE name = ${REPORTS_ROLLUP}`.execute(trx);
      const w = state.rows[0];
      if (!w) throw new Error(`reports: roll-up state ${REPORTS_ROLLUP} is missing`);

      // The ledger's side, in the snapshot the aggregates are read in.
      const ledgerSide = sql`
        e AS MATERIALIZED (
          SELECT e.id, e.merchant_code, e.kind, e.memo,
                 (e.created_at AT TIME ZONE m.timezone)::date AS day,
                 coalesce(e.member_id, CASE WHEN e.memo->>'memberId' ~ '^[0-9]{1,18}$'
                                            THEN (e.memo->>'memberId')::bigint END) AS member_id,
                 coalesce(sum(p.amount) FILTER (WHERE a.kind = 'BET_HOLD'), 0)::bigint AS hold,
                 coalesce(sum(p.amount) FILTER (WHERE a.kind = 'HOUSE'), 0)::bigint AS house,
                 coalesce(sum(p.amount) FILTER (WHERE a.kind = 'PAYMENT_CLEARING'), 0)::bigint AS clearing,
                 coalesce(sum(-p.amount) FILTER (WHERE a.kind IN ('PROMOTION_EXPENSE', 'WAGE_EXPENSE')), 0)::bigint AS bonus
            FROM ledger_entry e
            JOIN merchant m ON m.code = e.merchant_code
            JOIN ledger_posting p ON p.entry_id = e.id
            JOIN ledger_account a ON a.id = p.account_id
           WHERE (e.txid, e.id) <= (${w.last_txid}::xid8, ${w.last_entry_id}::bigint) AND ${brand('e.merchant_code')}
           GROUP BY e.id, m.timezone
        ),
        exp_brand AS (
          SELECT merchant_code, day,
                 sum(hold) FILTER (WHERE kind IN ('BET', 'BET_VOID')) AS turnover,
                 sum(house) FILTER (WHERE kind = 'PAYOUT') AS ggr,
                 sum(-clearing) FILTER (WHERE kind = 'DEPOSIT') AS deposits,
                 sum(clearing) FILTER (WHERE kind = 'WITHDRAW_PAID') AS withdrawals,
                 sum(bonus) AS bonus_cost
            FROM e GROUP BY merchant_code, day
        ),
        -- Every bet event with the bet it belongs to. A PAYOUT entry no bet names as its settlement
        -- is a further payout, found by its memo (BetService.addPayout).
        bev AS (
          SELECT e.merchant_code, e.day, r.member_id, r.vendor_code, r.game_type, r.game_code,
                 1 AS bets, e.hold AS turnover, 0::bigint AS valid_turnover, 0 AS settled,
                 0::bigint AS settled_stake, 0::bigint AS payout, 0::bigint AS ggr, 0 AS voided,
                 0::bigint AS voided_stake, 0::float8 AS ratio_sq
            FROM e JOIN bet_record r ON r.stake_entry_id = e.id WHERE e.kind = 'BET'
          UNION ALL
          SELECT e.merchant_code, e.day, r.member_id, r.vendor_code, r.game_type, r.game_code,
                 0, e.hold, 0, 0, 0, 0, 0, 1, -e.hold, 0
            FROM e JOIN bet_record r ON r.settle_entry_id = e.id WHERE e.kind = 'BET_VOID'
          UNION ALL
          SELECT e.merchant_code, e.day, r.member_id, r.vendor_code, r.game_type, r.game_code,
                 0, 0, r.valid_bet, 1, -e.hold, -e.hold - e.house, e.house, 0, 0,
                 ((-e.hold - e.house)::float8 / (-e.hold)::float8) ^ 2
            FROM e JOIN bet_record r ON r.settle_entry_id = e.id WHERE e.kind = 'PAYOUT'
          UNION ALL
          SELECT e.merchant_code, e.day, r.member_id, r.vendor_code, r.game_type, r.game_code,
                 0, 0, 0, 0, 0, -e.house, e.house, 0, 0,
                 ((s.payout - e.house)::float8 / r.stake::float8) ^ 2 - (s.payout::float8 / r.stake::float8) ^ 2
            FROM e
            JOIN bet_record r ON r.merchant_code = e.merchant_code AND r.vendor_code = e.memo->>'vendor'
                             AND r.round_id = e.memo->>'roundId' AND r.settle_entry_id <> e.id
            CROSS JOIN LATERAL (
              SELECT -sum(p.amount) FILTER (WHERE a.kind = 'BET_HOLD')
                     - coalesce(sum(p.amount) FILTER (WHERE a.kind = 'HOUSE'), 0) AS payout
                FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
               WHERE p.entry_id = r.settle_entry_id) s
           WHERE e.kind = 'PAYOUT'
        ),
        exp_game AS (
          SELECT merchant_code, day, vendor_code, game_type, game_code,
                 sum(bets) AS bets, sum(turnover) AS turnover, sum(valid_turnover) AS valid_turnover,
                 sum(settled) AS settled, sum(settled_stake) AS settled_stake, sum(payout) AS payout,
                 sum(ggr) AS ggr, sum(voided) AS voided, sum(voided_stake) AS voided_stake,
                 sum(ratio_sq) AS ratio_sq
            FROM bev GROUP BY merchant_code, day, vendor_code, game_type, game_code
        ),
        exp_member AS (
          SELECT merchant_code, day, member_id,
                 sum(bets) AS bets, sum(turnover) AS turnover, sum(valid_turnover) AS valid_turnover,
                 sum(settled_stake) AS settled_stake, sum(payout) AS payout, sum(ggr) AS ggr,
                 sum(deposits) AS deposits, sum(deposit_count) AS deposit_count,
                 sum(withdrawals) AS withdrawals, sum(withdrawal_count) AS withdrawal_count,
                 sum(bonus) AS bonus
            FROM (SELECT merchant_code, day, member_id, bets, turnover, valid_turnover, settled_stake, payout,
                         ggr, 0::bigint AS deposits, 0 AS deposit_count, 0::bigint AS withdrawals,
                         0 AS withdrawal_count, 0::bigint AS bonus
                    FROM bev
                  UNION ALL
                  SELECT merchant_code, day, member_id, 0, 0, 0, 0, 0, 0,
                         CASE WHEN kind = 'DEPOSIT' THEN -clearing ELSE 0 END,
                         CASE WHEN kind = 'DEPOSIT' AND clearing <> 0 THEN 1 ELSE 0 END,
                         CASE WHEN kind = 'WITHDRAW_PAID' THEN clearing ELSE 0 END,
                         CASE WHEN kind = 'WITHDRAW_PAID' AND clearing <> 0 THEN 1 ELSE 0 END,
                         bonus
                    FROM e
                   WHERE member_id IS NOT NULL AND kind NOT IN ('BET', 'PAYOUT', 'BET_VOID')) x
           GROUP BY merchant_code, day, member_id
        ),
        exp_activity AS (
          SELECT merchant_code, day, member_id, 1 AS bet FROM bev GROUP BY 1, 2, 3 HAVING sum(bets) > 0
        ),
        exp_active AS (
          SELECT merchant_code, p.kind, p.period, count(DISTINCT member_id) AS members
            FROM exp_activity
           CROSS JOIN LATERAL (VALUES ('day', day), ('week', date_trunc('week', day)::date),
                                      ('month', date_trunc('month', day)::date)) p (kind, period)
           GROUP BY 1, 2, 3
        ),
        exp_bonus AS (
          SELECT merchant_code, day, kind, coalesce(memo->>'source', '') AS source,
                 sum(bonus) AS amount, count(*) AS entries
            FROM e WHERE bonus <> 0 AND kind NOT IN ('BET', 'PAYOUT', 'BET_VOID')
           GROUP BY merchant_code, day, kind, coalesce(memo->>'source', '')
        )`;

      const out: AggregateDifference[] = [];
      for (const t of tables) {
        const cols = [...t.ints, ...(t.floats ?? [])];
        const key = sql.join(t.keys.map((k) => sql`coalesce(x.${sql.ref(k)}, a.${sql.ref(k)})::text`));
        const side = (alias: 'x' | 'a') =>
          sql`jsonb_build_object(${sql.join(
            cols.map((c) => sql`${c}::text, coalesce(${sql.ref(`${alias}.${c}`)}, 0)::text`),
          )})`;
        const differs = [
          ...t.ints.map((c) => sql`coalesce(${sql.ref(`x.${c}`)}, 0) <> coalesce(${sql.ref(`a.${c}`)}, 0)`),
          ...(t.floats ?? []).map(
            (c) =>
              sql`abs(coalesce(${sql.ref(`x.${c}`)}, 0) - coalesce(${sql.ref(`a.${c}`)}, 0))
                    > ${tolerance}::float8 * greatest(1, abs(coalesce(${sql.ref(`x.${c}`)}, 0)))`,
          ),
        ];
        const { rows } = await sql<{
          key: string[];
          expected: Record<string, string>;
          actual: Record<string, string>;
        }>`
          WITH ${ledgerSide}
          SELECT ARRAY[${key}] AS key, ${side('x')} AS expected, ${side('a')} AS actual
            FROM ${sql.table(t.expected)} x
            FULL JOIN ${t.actual} a USING (${sql.join(t.keys.map((k) => sql.ref(k)))})
           WHERE ${sql.join(differs, sql` OR `)}
           ORDER BY 1
           LIMIT ${limit}`.execute(trx);
        for (const r of rows) {
          const k = Object.fromEntries(t.keys.map((name, i) => [name, r.key[i] ?? '']));
          for (const c of cols) {
            const expected = r.expected[c] ?? '0';
            const actual = r.actual[c] ?? '0';
            const same = t.floats?.includes(c)
              ? Math.abs(Number(expected) - Number(actual)) <=
                tolerance * Math.max(1, Math.abs(Number(expected)))
              : expected === actual;
            if (!same) out.push({ table: t.name, key: k, column: c, expected, actual });
          }
        }
      }
      return out;
    });
}
