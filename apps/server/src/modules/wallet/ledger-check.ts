import { sql } from 'kysely';
import type { Db } from '../../db/repository';

/** One broken invariant, with a few examples of the rows that break it. */
interface Violation {
  invariant: string;
  count: number;
  examples: Record<string, unknown>[];
}

const EXAMPLES = 5;

/**
 * Every invariant of ARCHITECTURE section 4, checked over the whole ledger (or one brand):
 * - every entry has two or more postings and they sum to zero;
 * - every posting names an existing account of the entry's brand;
 * - every tracked balance equals the sum of its postings, and no player balance is negative;
 * - each tracked posting's balance_after is the running sum of that account (before + amount);
 * - untracked (operator) accounts keep no balance row;
 * - no reference was applied twice;
 * and the cashier's own bookkeeping against the ledger:
 * - a member's withdrawal hold equals what its open withdrawals still wait to be paid, less what
 *   is on its way through a payment provider;
 * - each withdrawal's paid amount equals the sum of its payouts (less those a provider reversed);
 * - a brand's PAYOUT_CLEARING holds exactly its payouts in flight at a provider;
 * - credited deposits (APPROVED, ARRIVED) have exactly their entry; others have none;
 * and the house jackpot's against it:
 * - a jackpot pool's shards hold exactly its ledger account's balance (never negative);
 * - each jackpot win's entry paid exactly the win's amount out of its pool.
 * Returns the violations; an empty list means the ledger is consistent.
 */
export async function checkLedger(db: Db, merchant?: string): Promise<Violation[]> {
  const brand = (alias: string) =>
    merchant ? sql`AND ${sql.ref(`${alias}.merchant_code`)} = ${merchant}` : sql``;
  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'entry postings sum to zero (two or more postings)',
      sql`SELECT e.id AS entry_id, e.reference, coalesce(sum(p.amount), 0)::text AS total, count(p.id)::int AS postings
          FROM ledger_entry e LEFT JOIN ledger_posting p ON p.entry_id = e.id
          WHERE true ${brand('e')}
          GROUP BY e.id HAVING coalesce(sum(p.amount), 0) <> 0 OR count(p.id) < 2`,
    ],
    [
      'posting names an account of its brand',
      sql`SELECT p.id AS posting_id, p.account_id, e.merchant_code
          FROM ledger_posting p JOIN ledger_entry e ON e.id = p.entry_id
          LEFT JOIN ledger_account a ON a.id = p.account_id
          WHERE (a.id IS NULL OR a.merchant_code <> e.merchant_code) ${brand('e')}`,
    ],
    [
      'tracked balance equals the sum of its postings',
      sql`SELECT a.id AS account_id, a.kind, a.member_id, a.balance::text, coalesce(s.total, 0)::text AS postings
          FROM ledger_account a
          LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_posting GROUP BY account_id) s
            ON s.account_id = a.id
          WHERE a.tracked AND a.balance <> coalesce(s.total, 0) ${brand('a')}`,
    ],
    [
      'no player balance is negative',
      sql`SELECT a.id AS account_id, a.kind, a.member_id, a.balance::text FROM ledger_account a
          WHERE a.tracked AND a.balance < 0 ${brand('a')}`,
    ],
    [
      'balance_after is the running balance (before + amount)',
      sql`SELECT r.id AS posting_id, r.account_id, r.balance_after::text, r.running::text FROM (
            SELECT p.id, p.account_id, p.balance_after,
                   sum(p.amount) OVER (PARTITION BY p.account_id ORDER BY p.id) AS running
            FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
            WHERE a.tracked ${brand('a')}) r
          WHERE r.balance_after IS DISTINCT FROM r.running`,
    ],
    [
      'operator accounts keep no balance row',
      sql`SELECT a.id AS account_id, a.kind, a.balance::text FROM ledger_account a
          WHERE NOT a.tracked AND a.balance <> 0 ${brand('a')}`,
    ],
    [
      'no reference applied twice',
      sql`SELECT e.merchant_code, e.reference, count(*)::int AS times FROM ledger_entry e
          WHERE true ${brand('e')} GROUP BY e.merchant_code, e.reference HAVING count(*) > 1`,
    ],
    [
      'withdrawal hold equals what open withdrawals still wait for',
      sql`SELECT a.member_id, a.balance::text AS hold, coalesce(w.open, 0)::text AS open_withdrawals
          FROM ledger_account a
          LEFT JOIN (SELECT w.member_id,
                            sum(w.amount - w.paid_amount - coalesce(f.amount, 0)) AS open
                       FROM withdrawal w
                       LEFT JOIN withdrawal_provider_payout f ON f.withdrawal_id = w.id AND f.state = 'IN_FLIGHT'
                      WHERE w.status IN ('PENDING', 'PARTIAL') GROUP BY w.member_id) w ON w.member_id = a.member_id
          WHERE a.kind = 'WITHDRAW_HOLD' AND a.balance <> coalesce(w.open, 0) ${brand('a')}
          UNION ALL
          SELECT w.member_id, '0', sum(w.amount - w.paid_amount)::text FROM withdrawal w
          WHERE w.status IN ('PENDING', 'PARTIAL') ${brand('w')}
            AND NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.member_id = w.member_id AND a.kind = 'WITHDRAW_HOLD')
          GROUP BY w.member_id`,
    ],
    [
      'withdrawal paid amount equals its payouts',
      sql`SELECT w.id AS withdrawal_id, w.paid_amount::text, coalesce(sum(p.amount), 0)::text AS payouts
          FROM withdrawal w
          LEFT JOIN withdrawal_payout p ON p.withdrawal_id = w.id
            AND NOT EXISTS (SELECT 1 FROM withdrawal_provider_payout r
                             WHERE r.payout_id = p.id AND r.state = 'REVERSED')
          WHERE true ${brand('w')}
          GROUP BY w.id HAVING w.paid_amount <> coalesce(sum(p.amount), 0)`,
    ],
    [
      'payout clearing holds the payouts in flight at a provider',
      sql`SELECT a.merchant_code, coalesce(s.total, 0)::text AS clearing, coalesce(f.amount, 0)::text AS in_flight
          FROM ledger_account a
          LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_posting GROUP BY account_id) s
            ON s.account_id = a.id
          LEFT JOIN (SELECT merchant_code, sum(amount) AS amount FROM withdrawal_provider_payout
                      WHERE state = 'IN_FLIGHT' GROUP BY merchant_code) f ON f.merchant_code = a.merchant_code
          WHERE a.kind = 'PAYOUT_CLEARING' AND coalesce(s.total, 0) <> coalesce(f.amount, 0) ${brand('a')}
          UNION ALL
          SELECT f.merchant_code, '0', sum(f.amount)::text FROM withdrawal_provider_payout f
          WHERE f.state = 'IN_FLIGHT' ${brand('f')}
            AND NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.merchant_code = f.merchant_code AND a.kind = 'PAYOUT_CLEARING')
          GROUP BY f.merchant_code`,
    ],
    [
      'credited deposits have their entry, others none',
      sql`SELECT d.id AS deposit_id, d.status, d.entry_id FROM deposit d
          WHERE ((d.status IN ('APPROVED', 'ARRIVED')) <> (d.entry_id IS NOT NULL)) ${brand('d')}`,
    ],
    [
      'jackpot shards hold their pool account',
      sql`SELECT p.merchant_code, p.pool, coalesce(s.amount, 0)::text AS shards, l.total::text AS ledger
          FROM jackpot_pool p
          LEFT JOIN (SELECT merchant_code, pool, sum(amount) AS amount FROM jackpot_shard GROUP BY 1, 2) s
            ON s.merchant_code = p.merchant_code AND s.pool = p.pool
          CROSS JOIN LATERAL (SELECT coalesce(sum(x.amount), 0) AS total FROM ledger_posting x
                               WHERE x.account_id = p.account_id) l
          WHERE (coalesce(s.amount, 0) <> l.total OR l.total < 0) ${brand('p')}`,
    ],
    [
      'jackpot win entry pays the win from its pool',
      sql`SELECT w.id AS win_id, w.round_id, w.amount::text, coalesce(-x.amount, 0)::text AS paid
          FROM jackpot_win w
          JOIN jackpot_pool p ON p.merchant_code = w.merchant_code AND p.pool = w.pool
          LEFT JOIN ledger_posting x ON x.entry_id = w.entry_id AND x.account_id = p.account_id
          WHERE coalesce(-x.amount, 0) <> w.amount ${brand('w')}`,
    ],
  ];

  const out: Violation[] = [];
  for (const [invariant, query] of checks) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM (${query}) v LIMIT ${EXAMPLES + 1000}`.execute(db);
    if (rows.length > 0) out.push({ invariant, count: rows.length, examples: rows.slice(0, EXAMPLES) });
  }
  return out;
}
