import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SystemStatusValue, VendorCategory } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../src/db/client';
import { migrate, readMigrations } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { DEMO_BRANDS } from '../src/seed/demo-brands';
import { seedDemo } from '../src/seed/seed';
import { buildTestApp, createPostgresDatabase, type TestContext } from './helper';
import { getOk } from './http';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/** An empty database of the kind this project runs on, not migrated. */
async function emptyDb(): Promise<{ handle: DbHandle; url: string | null; close(): Promise<void> }> {
  if (!onPostgres) {
    const handle = await openDb({ kind: 'pglite', dataDir: null });
    return { handle, url: null, close: () => handle.close() };
  }
  const created = await createPostgresDatabase();
  const handle = await openDb({ kind: 'postgres', url: created.url });
  return {
    handle,
    url: created.url,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

const SEEDED_TABLES: (keyof Database)[] = [
  'merchant',
  'merchant_host',
  'module_node',
  'register_rule',
  'banner',
  'announcement',
  'vendor',
  'help_section',
  'customer_service',
  'app_resource',
  'domain_route',
];

async function rowCounts(handle: DbHandle): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of SEEDED_TABLES) {
    const row = await handle.db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = row.n;
  }
  return counts;
}

async function tableExists(handle: DbHandle, name: string): Promise<boolean> {
  const { rows } = await sql<{ t: string | null }>`SELECT to_regclass(${name})::text AS t`.execute(handle.db);
  return rows[0]!.t !== null;
}

describe('readMigrations', () => {
  it('reads the shipped migrations in name order', () => {
    const names = readMigrations().map((m) => m.name);
    expect(names[0]).toBe('0001_brand_config.sql');
    expect(names).toEqual([...names].sort());
    for (const m of readMigrations()) expect(m.sql.length).toBeGreaterThan(0);
  });

  it('takes only NNNN_snake_case.sql files, sorted by name', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    try {
      for (const f of [
        '0002_second.sql',
        '0001_first.sql',
        'README.md',
        '0003_Bad-Name.sql',
        '3_short.sql',
        '0004_fourth.sql.bak',
      ]) {
        writeFileSync(path.join(dir, f), `-- ${f}`);
      }
      expect(readMigrations(dir)).toEqual([
        { name: '0001_first.sql', sql: '-- 0001_first.sql' },
        { name: '0002_second.sql', sql: '-- 0002_second.sql' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migrate', () => {
  it('applies every migration to an empty database, then nothing on a second run', async () => {
    const db = await emptyDb();
    try {
      const all = readMigrations().map((m) => m.name);
      expect(await migrate(db.handle)).toEqual(all);
      expect(await tableExists(db.handle, 'merchant')).toBe(true);
      expect(await migrate(db.handle)).toEqual([]);
      const recorded = await sql<{ name: string }>`SELECT name FROM schema_migration ORDER BY name`.execute(
        db.handle.db,
      );
      expect(recorded.rows.map((r) => r.name)).toEqual(all);
    } finally {
      await db.close();
    }
  });

  it('applies only the migrations added since the last run', async () => {
    const db = await emptyDb();
    try {
      await migrate(db.handle);
      const extra = {
        name: '0900_extra_table.sql',
        sql: 'CREATE TABLE extra_table (id integer PRIMARY KEY);',
      };
      expect(await migrate(db.handle, [...readMigrations(), extra])).toEqual(['0900_extra_table.sql']);
      expect(await tableExists(db.handle, 'extra_table')).toBe(true);
      expect(await migrate(db.handle, [...readMigrations(), extra])).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('rolls a failing migration back whole, names it, and stops there', async () => {
    const db = await emptyDb();
    try {
      await migrate(db.handle);
      const good = { name: '0901_good.sql', sql: 'CREATE TABLE good_table (id integer);' };
      const bad = {
        name: '0902_bad.sql',
        sql: 'CREATE TABLE half_done (id integer);\nSELECT no_such_column FROM good_table;',
      };
      const after = { name: '0903_after.sql', sql: 'CREATE TABLE after_table (id integer);' };
      await expect(migrate(db.handle, [...readMigrations(), good, bad, after])).rejects.toThrow(
        /migration 0902_bad\.sql failed/,
      );
      expect(await tableExists(db.handle, 'good_table')).toBe(true);
      expect(await tableExists(db.handle, 'half_done')).toBe(false);
      expect(await tableExists(db.handle, 'after_table')).toBe(false);
      // The failed one is not recorded, so a fixed version applies on the next start.
      const fixed = { ...bad, sql: 'CREATE TABLE half_done (id integer);' };
      expect(await migrate(db.handle, [...readMigrations(), good, fixed, after])).toEqual([
        '0902_bad.sql',
        '0903_after.sql',
      ]);
    } finally {
      await db.close();
    }
  });

  it.runIf(onPostgres)(
    'applies each migration once when two instances start at the same moment',
    async () => {
      const db = await emptyDb();
      const second = await openDb({ kind: 'postgres', url: db.url! });
      try {
        const [a, b] = await Promise.all([migrate(db.handle), migrate(second)]);
        expect([...a, ...b].sort()).toEqual(readMigrations().map((m) => m.name));
      } finally {
        await second.close();
        await db.close();
      }
    },
  );
});

describe('seedDemo', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(); // migrated and seeded once already
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds both demo brands and their content', async () => {
    const merchants = await t.db.db.selectFrom('merchant').select('code').orderBy('code').execute();
    expect(merchants.map((m) => m.code)).toEqual(['GOLDEN', 'LOTUS']);
    const hosts = await t.db.db.selectFrom('merchant_host').selectAll().orderBy('host').execute();
    expect(hosts).toEqual(
      DEMO_BRANDS.flatMap((b) => b.hosts.map((host) => ({ host, merchant_code: b.code }))).sort((x, y) =>
        x.host.localeCompare(y.host),
      ),
    );
    const counts = await rowCounts(t.db);
    expect(counts.vendor).toBe(34 + 27);
    expect(counts.help_section).toBe(9 + 8);
    expect(counts.announcement).toBe(5 + 4);
  });

  it('changes nothing when run again', async () => {
    const before = await rowCounts(t.db);
    await seedDemo(t.db.db);
    await seedDemo(t.db.db);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('never overwrites an edited row', async () => {
    await t.db.db
      .updateTable('merchant')
      .set({ name: 'Golden Palm Casino', currency_symbol: '₱' })
      .where('code', '=', 'GOLDEN')
      .execute();
    await t.db.db
      .updateTable('vendor')
      .set({ display_name: 'PG Soft (new)', is_hot: false })
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'PG')
      .execute();
    await t.db.db
      .updateTable('module_node')
      .set({ enabled: false })
      .where('merchant_code', '=', 'LOTUS')
      .where('mod_id', '=', 'DIRECTREG3')
      .execute();
    await seedDemo(t.db.db);
    t.brands.invalidate();

    const status = await getOk<SystemStatusValue>(t.app, '/wps/system/status');
    expect(status.info.brandName).toBe('Golden Palm Casino');
    expect(status.info.currencySymbol).toBe('₱');
    const rng = (await getOk<VendorCategory[]>(t.app, '/wps/relay/GCSGAME_newGameVendor?gameType=RNG'))[0]!;
    expect(rng.cards[0]).toMatchObject({ vassalage: 'PG', displayName: 'PG Soft (new)', isHot: 0 });
    const lotus = await getOk<SystemStatusValue>(t.app, '/wps/system/status', {
      headers: { merchant: 'LOTUS' },
    });
    const directReg = lotus.info.whitelabel
      .find((n) => n.modId === 'WHITELABEL')!
      .childrenNodes.find((n) => n.modId === 'DIRECTREG3');
    expect(directReg?.enabled).toBe('0');
  });

  it('puts back a seeded row that is missing', async () => {
    await t.db.db.deleteFrom('domain_route').where('domain', '=', 'm.goldenpalm.example').execute();
    await seedDemo(t.db.db);
    const domains = await t.db.db
      .selectFrom('domain_route')
      .select('domain')
      .where('merchant_code', '=', 'GOLDEN')
      .execute();
    expect(domains.map((d) => d.domain)).toContain('m.goldenpalm.example');
  });

  it('adds nothing of a brand whose content is incomplete', async () => {
    const golden = DEMO_BRANDS[0]!;
    const broken = {
      ...golden,
      code: 'BROKEN',
      hosts: ['broken.localhost'],
      banners: golden.banners.filter((b) => b.group === 'w_home'),
    };
    const before = await rowCounts(t.db);
    await expect(seedDemo(t.db.db, [broken])).rejects.toThrow(/BROKEN: a banner group has no banner/);
    expect(await rowCounts(t.db)).toEqual(before);
    expect(
      await t.db.db.selectFrom('merchant').select('code').where('code', '=', 'BROKEN').executeTakeFirst(),
    ).toBeUndefined();
  });
});
