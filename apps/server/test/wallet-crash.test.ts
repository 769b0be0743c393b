/**
 * A server killed in the middle of a money load (SIGKILL: no clean-up, transactions cut anywhere)
 * must leave the ledger consistent: PostgreSQL rolls back what did not commit, and everything the
 * code commits is whole. The load runs in a child process (fixtures/ledger-load.ts) on the test's
 * database; the test kills it twice at different moments and, once the server has ended the dead
 * sessions, checks every invariant and that every movement the child saw acknowledged is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/seed/seed';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import type { LoadPlan } from './fixtures/ledger-load';
import { entryCount, expectConsistent, killLoad, prepareLoad, startLoad } from './fixtures/ledger-load-run';
import { buildPlatformOn, createPostgresDatabase, type TestContext } from './helper';
import { Identity } from './identity-client';

const PG = process.env.TEST_DB_KIND === 'postgres';
const M = 'GOLDEN';
const ADMIN_KEY = 'test-admin-key-0123456789';
const PAY_PASSWORD = '123456';
const WORKERS = 16;

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
  const load = startLoad(dbUrl, { ...plan, run });
  await load.untilAcked(killAfter);
  // The dead client's backends end when the server notices the closed sockets, rolling back
  // whatever they had not committed; only then is the database what a restart would find.
  await killLoad(t.db, load, run);
  return { acked: load.acked, anomalies: load.anomalies, stderr: load.stderr() };
}

describe.skipIf(!PG)('wallet after a crash (PostgreSQL only: the load needs concurrent sessions)', () => {
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    dbUrl = created.url;
    const db = await openDb({ kind: 'postgres', url: created.url, max: 4 });
    await migrate(db);
    await seedDemo(db.db);
    const { app, services, brands, bus } = await buildPlatformOn(db, { ADMIN_API_KEY: ADMIN_KEY });
    t = {
      app,
      db,
      services,
      brands,
      bus,
      async close() {
        await app.close();
        await db.close();
        await created.drop();
      },
    };
    id = new Identity(t);
    plan = await prepareLoad(db, id, {
      adminKey: ADMIN_KEY,
      paymentPassword: PAY_PASSWORD,
      workers: WORKERS,
      players: [
        { username: 'demo01', password: 'demo1234', payee: 'DEMO PLAYER', ip: '10.202.1.1' },
        { username: 'agent01', password: 'agent1234', payee: 'GOLDEN AGENT', ip: '10.202.1.2' },
      ],
    });
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
      const entriesBefore = await entryCount(t.db);
      const out = await loadAndKill(run, killAfter);
      expect(out.anomalies, run).toEqual([]);
      expect(out.acked.length).toBeGreaterThanOrEqual(killAfter);
      // The load really moved money of every kind before it died.
      expect(await entryCount(t.db)).toBeGreaterThanOrEqual(entriesBefore + out.acked.length);
      acked.push(...out.acked);
      await expectConsistent(t.db, acked);
    }
    const kinds = new Set(acked.map((r) => r.slice(0, r.indexOf(':'))));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['ADJUST', 'BET', 'DEPOSIT', 'TRANSFER', 'WITHDRAW']),
    );

    // And the wallet goes on working after the crashes.
    await id.adjust('demo01', '1.00', ADMIN_KEY, { merchant: M, reason: 'after the crash' });
    await expectConsistent(t.db, acked);
  }, 90_000);
});
