/**
 * The reports' aggregates after a crash: the money load of fixtures/ledger-load.ts (bets settled
 * and voided, deposits, withdrawals, transfers, adjustments) runs in a child process while this
 * process folds concurrently (two folds at once); the child is SIGKILLed mid-load (settlements
 * cut anywhere), and once the server has ended its sessions the fold catches up and the
 * aggregates equal the ledger. Then a rebuild gives the same figures.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { checkAggregates } from '../src/modules/reports/aggregates/aggregates-check';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { seedDemo } from '../src/seed/seed';
import type { LoadPlan } from './fixtures/ledger-load';
import { killLoad, prepareLoad, startLoad } from './fixtures/ledger-load-run';
import { buildPlatformOn, createPostgresDatabase, type TestContext } from './helper';
import { Identity } from './identity-client';

const PG = process.env.TEST_DB_KIND === 'postgres';
const ADMIN_KEY = 'test-admin-key-0123456789';

let t: TestContext;
let dbUrl: string;
let plan: Omit<LoadPlan, 'run'>;

describe.skipIf(!PG)(
  'report aggregates after a crash (PostgreSQL only: the load needs concurrent sessions)',
  () => {
    beforeAll(async () => {
      const created = await createPostgresDatabase();
      dbUrl = created.url;
      const db = await openDb({ kind: 'postgres', url: created.url, max: 6 });
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
      plan = await prepareLoad(db, new Identity(t), {
        adminKey: ADMIN_KEY,
        paymentPassword: '123456',
        workers: 12,
        players: [
          { username: 'demo01', password: 'demo1234', payee: 'DEMO PLAYER', ip: '10.203.1.1' },
          { username: 'agent01', password: 'agent1234', payee: 'GOLDEN AGENT', ip: '10.203.1.2' },
        ],
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('equal the ledger after a SIGKILL mid-load, folded while it ran, and after a rebuild', async () => {
      const aggregates = t.services.reports.aggregates;
      await aggregates.rollUp();
      const load = startLoad(dbUrl, { ...plan, run: 'agg-crash' });
      let stop = false;
      const folder = async () => {
        while (!stop) {
          await aggregates.rollUp(13);
          await new Promise((r) => setTimeout(r, 5));
        }
      };
      const folders = [folder(), folder()];
      try {
        await load.untilAcked(200);
        await killLoad(t.db, load, 'agg-crash');
      } finally {
        stop = true;
        await Promise.all(folders);
      }
      expect(load.anomalies).toEqual([]);
      await aggregates.rollUp();
      expect(await checkLedger(t.db.db)).toEqual([]);
      expect(await checkAggregates(t.db.db)).toEqual([]);

      // The load's bets reached the aggregates: its settled stakes and payouts, by value.
      const { rows } = await sql<{ ledger: string; agg: string }>`
      SELECT (SELECT coalesce(sum(stake), 0) FROM bet_record WHERE status = 'SETTLED' AND merchant_code = 'GOLDEN')::text AS ledger,
             (SELECT coalesce(sum(settled_stake), 0) FROM report_game_day WHERE merchant_code = 'GOLDEN')::text AS agg`.execute(
        t.db.db,
      );
      expect(Number(rows[0]!.ledger)).toBeGreaterThan(0);
      expect(rows[0]!.agg).toBe(rows[0]!.ledger);

      await aggregates.rebuild();
      expect(await checkAggregates(t.db.db)).toEqual([]);
    }, 180_000);

    it('npm run reports:check and reports:rebuild on the database: exit 0, 1 on a difference, 2 on a brand it lacks', async () => {
      await t.services.reports.aggregates.rollUp();
      const run = async (...args: string[]) => {
        try {
          const { stdout, stderr } = await promisify(execFile)(
            process.execPath,
            ['--openssl-legacy-provider', '--import', 'tsx', 'scripts/reports.ts', ...args],
            { env: { ...process.env, DATABASE_URL: dbUrl }, timeout: 90_000 },
          );
          return { code: 0, out: stdout + stderr };
        } catch (err) {
          const e = err as { code?: number; stdout?: string; stderr?: string };
          return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
        }
      };
      const consistent = await run('check');
      expect(consistent.code, consistent.out).toBe(0);
      expect(consistent.out).toContain('the aggregates equal the ledger');

      const unknown = await run('check', '--brand', 'NOPE');
      expect(unknown.code, unknown.out).toBe(2);
      expect(unknown.out).toContain('no brand NOPE');

      const { rows } = await sql<{ day: string; game_code: string }>`
        UPDATE report_game_day SET turnover = turnover + 5
         WHERE (merchant_code, day, vendor_code, game_type, game_code) =
               (SELECT merchant_code, day, vendor_code, game_type, game_code FROM report_game_day
                 WHERE merchant_code = 'GOLDEN' ORDER BY day, game_code LIMIT 1)
        RETURNING day::text AS day, game_code`.execute(t.db.db);
      const broken = await run('check', '--brand', 'GOLDEN');
      expect(broken.code, broken.out).toBe(1);
      expect(broken.out).toContain(`DIFFERS report_game_day GOLDEN ${rows[0]!.day}`);
      expect(broken.out).toContain(`${rows[0]!.game_code} turnover`);
      expect(broken.out).toContain(`DIFFERS brand_day GOLDEN ${rows[0]!.day} turnover`);

      const rebuilt = await run('rebuild');
      expect(rebuilt.code, rebuilt.out).toBe(0);
      expect(rebuilt.out).toMatch(/rebuilt from \d+ ledger entries in [\d.]+ s \(\d+ entries\/s\)/);
      expect((await run('check')).code).toBe(0);
    }, 240_000);
  },
);
