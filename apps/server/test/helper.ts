import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { minorText, PERMISSIONS } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildPlatform, type Platform, type PlatformServices } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DbHandle, type DbTarget, openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/seed/seed';
import type { LedgerService } from '../src/modules/wallet/ledger.service';
import type { IntervalJob } from '../src/platform/module';

export interface TestContext {
  app: FastifyInstance;
  db: DbHandle;
  /** The app's modules' services, for what a test drives directly (jobs, clocks, passes). */
  services: PlatformServices;
  brands: Platform['brands'];
  bus: Platform['bus'];
  close(): Promise<void>;
}

/**
 * Keeps the app's own runs of these jobs from happening, as another instance holding their leases
 * would. A test that moves ledger entries to another day and folds by hand needs it: a fold by
 * the job between its inserts and its move would count them on the day they were made (on a busy
 * machine the inserts take long enough for that).
 */
export async function holdJobs(t: TestContext, jobs: IntervalJob[]): Promise<void> {
  for (const { name } of jobs)
    await sql`INSERT INTO job_lease (name, holder, expires_at) VALUES (${name}, 'test', now() + interval '1 day')
              ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at`.execute(
      t.db.db,
    );
}

/** Creates a throw-away PostgreSQL database on TEST_DATABASE_URL's server; returns its URL and a dropper. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // pg's Pool.end() resolves before its sockets have closed; a FORCE drop would kill them
      // mid-close and the client would raise an uncaught error. Wait for them to go first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh app on a fresh database (in-memory PGlite, or a new PostgreSQL database when the
 * test project says so), migrated and seeded with the demo brands.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  let target: DbTarget = { kind: 'pglite', dataDir: null };
  let drop = async () => {};
  if (process.env.TEST_DB_KIND === 'postgres') {
    const created = await createPostgresDatabase();
    target = { kind: 'postgres', url: created.url };
    drop = created.drop;
  }
  const db = await openDb(target);
  await migrate(db);
  await seedDemo(db.db);
  const { app, services, brands, bus } = await buildPlatformOn(db, env);
  return {
    app,
    db,
    services,
    brands,
    bus,
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/**
 * The configuration test apps run with: quiet, no brand cache, no built site, and the demo's
 * development routes (dev outbox, demo gateway, /docs); env overrides.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BRAND_CACHE_SECONDS: '0',
    WEB_DIST: '/nonexistent',
    BACKOFFICE_DIST: '/nonexistent',
    DEV_ROUTES: 'true',
    DEMO_GATEWAY: 'true',
    DOCS: 'true',
    ...env,
  });
}

/**
 * Another ready app on an existing test database: a second server instance, or one with other
 * settings (TRUST_PROXY, DEFAULT_MERCHANT, ...), without the cost of a new database. Close it yourself.
 */
export async function buildAppOn(db: DbHandle, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return (await buildPlatformOn(db, env)).app;
}

/**
 * A server with a built site: `files` (path -> content, index.html among them) written to a
 * temporary WEB_DIST, as Vite leaves it. close() shuts the server and removes the directory.
 */
export async function buildSiteOn(
  db: DbHandle,
  files: Record<string, string>,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  const app = await buildAppOn(db, { WEB_DIST: dist });
  return {
    app,
    async close() {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** buildAppOn with the services it was composed of. */
export async function buildPlatformOn(
  db: DbHandle,
  env: Record<string, string> = {},
  bus?: Platform['bus'],
): Promise<Platform> {
  const platform = await buildPlatform({ config: testConfig(env), db, ...(bus ? { bus } : {}) });
  await platform.app.ready();
  if (env.ADMIN_API_KEY) {
    await platformKey(db, platform.services, env.ADMIN_API_KEY, 'alice');
    await platformKey(db, platform.services, checkerKey(env.ADMIN_API_KEY), 'bob');
  }
  return platform;
}

/**
 * The second operator of tests built with ADMIN_API_KEY ("bob"): money adjustments need a second
 * person (maker-checker), so "alice" (ADMIN_API_KEY) asks and "bob" approves.
 */
export function checkerKey(adminKey: string): string {
  return `${adminKey}-checker`;
}

/**
 * A test operator key: a platform-wide API key holding every permission, sent as x-api-key.
 * Made once per database.
 */
async function platformKey(
  db: DbHandle,
  services: PlatformServices,
  key: string,
  name: string,
): Promise<void> {
  const exists = await db.db
    .selectFrom('api_key')
    .select('id')
    .where('key_hash', '=', createHash('sha256').update(key).digest())
    .executeTakeFirst();
  if (!exists) await services.staff.admin.insertKey(key, name, null, [...PERMISSIONS], 'test');
}

/**
 * Sets a brand's withdrawal approval threshold (minor units) through the back-office settings
 * route: payments below it are made by one operator, at or above it need a second. Brands have
 * none by default (0: every payment needs a second person).
 */
export async function setWithdrawalThreshold(
  app: FastifyInstance,
  apiKey: string,
  merchant: string,
  minor: bigint,
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: '/wps/admin/cashier/settings',
    headers: { host: 'localhost', merchant, 'x-api-key': apiKey },
    payload: { withdrawalApprovalThreshold: minorText(minor) },
  });
  if (res.statusCode !== 200) throw new Error(`threshold not set: ${res.statusCode} ${res.body}`);
}

/** A valid 1x1 PNG: the receipt or proof image tests upload (the server sniffs the bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let fundedSeq = 0;

/**
 * A bare member of `merchant` (no session, no registration) with `funds` (minor units) in its main
 * wallet from an adjustment: what ledger and bet tests start from.
 */
export async function fundedMember(
  db: DbHandle['db'],
  ledger: { account: LedgerService['account']; post: LedgerService['post'] },
  merchant: string,
  funds: bigint,
): Promise<string> {
  fundedSeq++;
  const tag = `${process.pid.toString(36)}${fundedSeq}`;
  const row = await db
    .insertInto('member')
    .values({
      merchant_code: merchant,
      username: `funded${tag}`,
      password_hash: 'x',
      referral_code: `FND${tag}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (funds > 0n)
    await ledger.post(db, {
      merchant,
      reference: `test:fund:${row.id}`,
      kind: 'ADJUSTMENT',
      memberId: row.id,
      postings: [
        { accountId: await ledger.account(merchant, 'ADJUSTMENT'), amount: -funds },
        { accountId: await ledger.account(merchant, 'MAIN', row.id), amount: funds },
      ],
    });
  return row.id;
}
