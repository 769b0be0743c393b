import type { WalletBalance } from '@app/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { isDatabaseUnavailable } from '../src/platform/db-errors';
import { MESSAGES } from '../src/platform/messages';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';
import { expectConsistent, killLoad, prepareLoad, startLoad } from './fixtures/ledger-load-run';

/*
 * The API against a PostgreSQL server that ends its connections (failover, restart, a pooler
 * recycling them, idle_in_transaction_session_timeout), simulated with pg_terminate_backend from
 * another session. Only PostgreSQL has backends to end: on PGlite the file is skipped.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

const ADMIN_KEY = 'test-admin-key-0123456789';
const TRANSFER = '/wps/relay/GCS_walletTransfer';
const BALANCE = '/wps/v2/wallets/balance';

let t: TestContext;
let id: Identity;
/** A session of our own on the database under test: it locks rows and ends the app's backends. */
let admin: pg.Client;
let database: string;
/** The database under test, for the load's own connections. */
let dbUrl: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.db.db);
  database = rows[0]!.db;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  dbUrl = url.toString();
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/** Ends every backend of the app (all but the admin's own) and answers how many there were. */
async function terminateAppBackends(where = 'true'): Promise<number> {
  const { rowCount } = await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = $1 AND pid <> pg_backend_pid() AND ${where}`,
    [database],
  );
  return rowCount ?? 0;
}

/**
 * Waits until some backend of the app waits on a lock (the request under test got that far). A
 * generous deadline: a run of the whole suite on two cores once saw no wait within 5 s.
 */
async function untilWaitingOnLock(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      [database],
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no request came to wait on the lock');
}

let seq = 0;
const rid = () => `res-${Date.now().toString(36)}-${++seq}`;

async function fundedMember(amount = '1000'): Promise<NewMember> {
  const m = await id.registerGolden();
  await id.credit(m.username, amount, ADMIN_KEY);
  return m;
}

const mainBalance = async (m: NewMember) =>
  (await id.ok<WalletBalance>(BALANCE, { token: m.token })).mainBalance;

describe.runIf(onPostgres)('a database connection lost while in use', () => {
  it('inside a transaction, between statements: the process stays up and the next query fails cleanly', async () => {
    // A checked-out client with no query in flight learns of the end only through an 'error' event:
    // without a listener that event ends the process (the unhandled error this test would report).
    const failure = await t.db.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`SELECT 1`.execute(trx);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The pool dropped the dead client and serves the next caller on a fresh connection.
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(t.db.db);
    expect(rows[0]!.one).toBe(1);
  });

  it('mid-transfer: 503 system.db.unavailable in the caller’s language, nothing moved, the retry works', async () => {
    const m = await fundedMember('1000');
    const before = await mainBalance(m);
    const entries = await id.count('ledger_entry');

    // Hold the member's wallet rows so the transfer's transaction waits inside its first lock.
    await admin.query('BEGIN');
    await admin.query('SELECT id FROM ledger_account WHERE member_id = $1 FOR UPDATE', [m.id]);
    const body = { requestId: rid(), direction: 'IN', vendor: 'EVO', amount: '100' };
    const pending = id.send<WalletBalance>(TRANSFER, { token: m.token, body, lang: 'TH' });
    try {
      await untilWaitingOnLock();
      expect(await terminateAppBackends(`wait_event_type = 'Lock'`)).toBeGreaterThan(0);
    } finally {
      await admin.query('ROLLBACK');
    }
    const res = await pending;
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      errorCode: 'system.db.unavailable',
      message: MESSAGES.TH['system.db.unavailable'],
    });

    // Nothing of it happened, and the same request goes through now.
    expect(await id.count('ledger_entry')).toBe(entries);
    expect(await mainBalance(m)).toBe(before);
    const retried = await id.send<WalletBalance>(TRANSFER, { token: m.token, body });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.value!.mainBalance).toBe(before - 100);
    expect(await checkLedger(t.db.db)).toEqual([]);
  }, 60_000);

  it('during a read: 503 with Retry-After, and the API answers the next request', async () => {
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE announcement IN ACCESS EXCLUSIVE MODE');
    const pending = t.app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements',
      headers: { host: 'localhost' },
    });
    try {
      await untilWaitingOnLock();
      expect(await terminateAppBackends(`wait_event_type = 'Lock'`)).toBeGreaterThan(0);
    } finally {
      await admin.query('ROLLBACK');
    }
    const res = await pending;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ errorCode: 'system.db.unavailable', message: expect.any(String) });

    const again = await t.app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements',
      headers: { host: 'localhost' },
    });
    expect(again.statusCode, again.body).toBe(200);
  }, 60_000);
});

describe.runIf(onPostgres)('a money load whose database connections are ended under it', () => {
  it('keeps serving: no crash, no 5xx but system.db.unavailable, recovery, every acknowledged movement once', async () => {
    const run = 'resilience';
    // The load logs in from the one address it sends from, so its players must know that address.
    const plan = await prepareLoad(t.db, id, {
      adminKey: ADMIN_KEY,
      paymentPassword: '123456',
      workers: 12,
      players: [
        {
          username: 'demo01',
          password: 'demo1234',
          payee: 'DEMO PLAYER',
          ip: '10.255.255.254',
          logsIn: true,
        },
        {
          username: 'agent01',
          password: 'agent1234',
          payee: 'GOLDEN AGENT',
          ip: '10.255.255.254',
          logsIn: true,
        },
      ],
    });
    const load = startLoad(dbUrl, { ...plan, run });
    try {
      await load.untilAcked(40);
      // End every connection of the load three times, each once it has moved money again since.
      for (let kill = 0; kill < 3; kill++) {
        const ended = await terminateAppBackends(`application_name = '${run}'`);
        expect(ended, `kill ${kill + 1}`).toBeGreaterThan(0);
        await load.untilAcked(load.acked.length + 30);
      }
      // Still the same process, and it goes on acknowledging.
      expect(load.child.exitCode, load.stderr()).toBeNull();
      expect(load.child.signalCode).toBeNull();
    } finally {
      await killLoad(t.db, load, run);
    }
    expect(load.anomalies).toEqual([]);
    expect(load.stderr()).not.toMatch(/Unhandled|uncaught/i);
    await expectConsistent(t.db, load.acked);
    const kinds = new Set(load.acked.map((r) => r.slice(0, r.indexOf(':'))));
    expect([...kinds]).toEqual(expect.arrayContaining(['ADJUST', 'BET', 'TRANSFER']));
  }, 120_000);
});
