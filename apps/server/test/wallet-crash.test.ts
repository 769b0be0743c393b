/**
 * A server killed in the middle of a money load (SIGKILL: no clean-up, transactions cut anywhere)
 * must leave the ledger consistent: PostgreSQL rolls back what did not commit, and everything the
 * code commits is whole. The load runs in a child process (fixtures/ledger-load.ts) on the test's
 * database; the test kills it twice at different moments and, once the server has ended the dead
 * sessions, checks every invariant and that every movement the child saw acknowledged is there.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed/seed';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import type { LoadPlan, LoadPlayer } from './fixtures/ledger-load';
import { buildAppOn, createPostgresDatabase, type TestContext } from './helper';
import { Identity } from './identity-client';

const PG = process.env.TEST_DB_KIND === 'postgres';
const M = 'GOLDEN';
const ADMIN_KEY = 'test-admin-key-0123456789';
const PAY_PASSWORD = '123456';
const WORKERS = 16;
const FIXTURE = fileURLToPath(new URL('./fixtures/ledger-load.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let t: TestContext;
let id: Identity;
let dbUrl: string;
let plan: Omit<LoadPlan, 'run'>;

/** What one killed run of the load left: the references it saw acknowledged, its anomalies, its output. */
interface Run {
  acked: string[];
  anomalies: string[];
  stderr: string;
}

/**
 * Starts the load as `application_name`, waits until it has acknowledged `killAfter` movements,
 * SIGKILLs it, and waits until the server has ended its sessions.
 */
async function loadAndKill(run: string, killAfter: number): Promise<Run> {
  const url = new URL(dbUrl);
  url.searchParams.set('application_name', run);
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', FIXTURE], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOAD_DB_URL: url.toString(), LOAD_PLAN: JSON.stringify({ ...plan, run }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Run = { acked: [], anomalies: [], stderr: '' };
  child.stderr.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const enough = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('ack ')) out.acked.push(line.slice(4));
      else if (line.startsWith('anomaly ')) out.anomalies.push(line.slice(8));
      if (out.acked.length >= killAfter) resolve();
    });
    void exited.then((how) => reject(new Error(`the load exited by itself (${how}): ${out.stderr}`)));
  });
  await enough;
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  // The dead client's backends end when the server notices the closed sockets, rolling back
  // whatever they had not committed; only then is the database what a restart would find.
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${run}`.execute(t.db.db);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return out;
}

/** Every invariant, asked directly of the tables (and of checkLedger, which asks them its own way). */
async function expectConsistent(acked: string[]): Promise<void> {
  expect(await checkLedger(t.db.db)).toEqual([]);
  const q = async (query: ReturnType<typeof sql>) => (await query.execute(t.db.db)).rows;

  // No entry is partial: two or more postings summing to zero, and the whole journal sums to zero.
  expect(
    await q(sql`SELECT e.reference, count(p.id)::int AS postings, coalesce(sum(p.amount), 0)::text AS total
                FROM ledger_entry e LEFT JOIN ledger_posting p ON p.entry_id = e.id
                GROUP BY e.id HAVING count(p.id) < 2 OR coalesce(sum(p.amount), 0) <> 0`),
  ).toEqual([]);
  expect(await q(sql`SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_posting`)).toEqual([
    { total: '0' },
  ]);
  // Every balance row is the sum of its postings (and the last balance_after), never negative.
  expect(
    await q(sql`SELECT a.id, a.kind, a.balance::text, coalesce(sum(p.amount), 0)::text AS postings
                FROM ledger_account a LEFT JOIN ledger_posting p ON p.account_id = a.id
                WHERE a.tracked GROUP BY a.id
                HAVING a.balance <> coalesce(sum(p.amount), 0) OR a.balance < 0
                    OR a.balance <> coalesce((SELECT l.balance_after FROM ledger_posting l
                                              WHERE l.account_id = a.id ORDER BY l.id DESC LIMIT 1), 0)`),
  ).toEqual([]);

  // Bets: each stake entry has its record and each record its entries; a bet hold is exactly
  // the stakes of the open bets.
  expect(
    await q(sql`SELECT e.reference FROM ledger_entry e
                WHERE (e.reference LIKE 'BET:%' AND NOT EXISTS (SELECT 1 FROM bet_record b WHERE b.stake_entry_id = e.id))
                   OR ((e.reference LIKE 'SETTLE:%' OR e.reference LIKE 'VOID:%')
                       AND NOT EXISTS (SELECT 1 FROM bet_record b WHERE b.settle_entry_id = e.id))`),
  ).toEqual([]);
  expect(
    await q(sql`SELECT b.round_id, b.status FROM bet_record b
                WHERE (b.status = 'OPEN') <> (b.settle_entry_id IS NULL)
                   OR NOT EXISTS (SELECT 1 FROM ledger_entry e WHERE e.id = b.stake_entry_id
                                  AND e.reference = 'BET:' || b.vendor_code || ':' || b.round_id)
                   OR (b.settle_entry_id IS NOT NULL AND NOT EXISTS (
                        SELECT 1 FROM ledger_entry e WHERE e.id = b.settle_entry_id
                        AND e.reference = (CASE b.status WHEN 'SETTLED' THEN 'SETTLE:' ELSE 'VOID:' END)
                                          || b.vendor_code || ':' || b.round_id))`),
  ).toEqual([]);
  expect(
    await q(sql`SELECT a.member_id, a.balance::text, coalesce(o.stakes, 0)::text AS open_stakes
                FROM ledger_account a
                LEFT JOIN (SELECT member_id, sum(stake) AS stakes FROM bet_record WHERE status = 'OPEN' GROUP BY member_id) o
                  ON o.member_id = a.member_id
                WHERE a.kind = 'BET_HOLD' AND a.balance <> coalesce(o.stakes, 0)`),
  ).toEqual([]);
  // Withdrawals: each payout is its entry, and a request's hold entry exists for every order.
  expect(
    await q(sql`SELECT w.order_no FROM withdrawal w
                WHERE NOT EXISTS (SELECT 1 FROM ledger_entry e WHERE e.reference = 'WITHDRAW:' || w.order_no)
                   OR (w.status = 'REJECTED') <> EXISTS (SELECT 1 FROM ledger_entry e WHERE e.reference = 'WITHDRAW_RETURN:' || w.order_no)`),
  ).toEqual([]);
  expect(
    await q(sql`SELECT e.reference FROM ledger_entry e
                WHERE e.reference LIKE 'WITHDRAW_PAY:%' AND NOT EXISTS (SELECT 1 FROM withdrawal_payout p WHERE p.entry_id = e.id)`),
  ).toEqual([]);

  // Every movement the load saw acknowledged is there, once: a commit is never lost.
  const { rows } = await sql<{ reference: string; n: number }>`
    SELECT reference, count(*)::int AS n FROM ledger_entry
    WHERE merchant_code = ${M} AND reference = ANY(${acked}::text[]) GROUP BY reference`.execute(t.db.db);
  const found = new Map(rows.map((r) => [r.reference, r.n]));
  expect(acked.filter((r) => found.get(r) !== 1)).toEqual([]);
  expect(new Set(acked).size).toBe(acked.length);
}

describe.skipIf(!PG)('wallet after a crash (PostgreSQL only: the load needs concurrent sessions)', () => {
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    dbUrl = created.url;
    const db = await openDb({ kind: 'postgres', url: created.url, max: 4 });
    await migrate(db);
    await seedDemo(db.db);
    const app = await buildAppOn(db, { ADMIN_API_KEY: ADMIN_KEY });
    t = {
      app,
      db,
      async close() {
        await app.close();
        await db.close();
        await created.drop();
      },
    };
    id = new Identity(t);
    // Withdrawals are limited per day; the load makes many.
    await db.db
      .updateTable('cashier_setting')
      .set({ withdraw_daily_count: 100_000 })
      .where('merchant_code', '=', M)
      .execute();
    const player = async (
      username: string,
      password: string,
      payee: string,
      ip: string,
    ): Promise<LoadPlayer> => {
      const login = await id.loginOk({ username, password }, { ip });
      const account = await id.ok<{ id: string }>('/wps/cashier/payout-accounts', {
        token: login.token,
        body: {
          bankCode: 'BDO',
          accountName: payee,
          accountNo: `3000000000${ip.slice(-3).replace(/\D/g, '0')}`,
          paymentPassword: PAY_PASSWORD,
        },
        encrypt: true,
      });
      const row = await id.memberRow(username);
      await id.ok('/wps/admin/adjustments', {
        method: 'POST',
        headers: { merchant: M, 'x-admin-key': ADMIN_KEY },
        body: { requestId: `crash-fund-${row.id}`, username, amount: '100000', reason: 'load funds' },
      });
      return {
        id: row.id,
        username: row.username,
        token: login.token,
        payoutAccountId: account.id,
        hasUpline: username !== 'agent01',
      };
    };
    const channel = await db.db
      .selectFrom('payment_channel')
      .select('id')
      .where('merchant_code', '=', M)
      .where('code', '=', 'EWALLET_DEMO')
      .executeTakeFirstOrThrow();
    const setting = await db.db
      .selectFrom('cashier_setting')
      .select('gateway_secret')
      .where('merchant_code', '=', M)
      .executeTakeFirstOrThrow();
    plan = {
      workers: WORKERS,
      adminKey: ADMIN_KEY,
      paymentPassword: PAY_PASSWORD,
      onlineChannel: channel.id,
      gatewaySecret: setting.gateway_secret,
      players: [
        await player('demo01', 'demo1234', 'DEMO PLAYER', '10.202.1.1'),
        await player('agent01', 'agent1234', 'GOLDEN AGENT', '10.202.1.2'),
      ],
    };
    expect(await checkLedger(db.db)).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('SIGKILL during a mixed money load, twice: the ledger is whole and nothing acknowledged is lost', async () => {
    const acked: string[] = [];
    // Late (a warm load, many transactions in flight) and early (while it is still starting up).
    for (const [run, killAfter] of [
      ['crash-late', 200],
      ['crash-early', 5],
    ] as const) {
      const entriesBefore = await entryCount();
      const out = await loadAndKill(run, killAfter);
      expect(out.anomalies, run).toEqual([]);
      expect(out.acked.length).toBeGreaterThanOrEqual(killAfter);
      // The load really moved money of every kind before it died.
      expect(await entryCount()).toBeGreaterThanOrEqual(entriesBefore + out.acked.length);
      acked.push(...out.acked);
      await expectConsistent(acked);
    }
    const kinds = new Set(acked.map((r) => r.slice(0, r.indexOf(':'))));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['ADJUST', 'BET', 'DEPOSIT', 'TRANSFER', 'WITHDRAW']),
    );

    // And the wallet goes on working after the crashes.
    await id.ok('/wps/admin/adjustments', {
      method: 'POST',
      headers: { merchant: M, 'x-admin-key': ADMIN_KEY },
      body: { requestId: 'crash-after-1', username: 'demo01', amount: '1.00', reason: 'after the crash' },
    });
    await expectConsistent(acked);
  }, 90_000);
});

async function entryCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_entry`.execute(t.db.db);
  return rows[0]!.n;
}
