/**
 * Caches every instance keeps are forgotten on all of them when one instance changes what they
 * hold: the brand (a maintenance switch) and the game catalogue (a game renamed).
 * The caches here are set to live an hour, so only the notice can explain a fresh answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import type { Platform } from '../src/app';
import { PgBus } from '../src/platform/bus';
import { seedDemo } from '../src/seed/seed';
import { buildPlatformOn, createPostgresDatabase } from './helper';

const PG = process.env.TEST_DB_KIND === 'postgres';

async function until(check: () => Promise<boolean>, ms = 2_000): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error('not seen in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}

describe.runIf(PG)('caches across instances', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const dbs: DbHandle[] = [];
  const buses: PgBus[] = [];
  let a: Platform;
  let b: Platform;

  beforeAll(async () => {
    created = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      dbs.push(await openDb({ kind: 'postgres', url: created.url, max: 4 }));
      buses.push(await PgBus.start(created.url));
    }
    await migrate(dbs[0]!);
    await seedDemo(dbs[0]!.db);
    // An hour: nothing here expires by itself during the test.
    a = await buildPlatformOn(dbs[0]!, { BRAND_CACHE_SECONDS: '3600' }, buses[0]);
    b = await buildPlatformOn(dbs[1]!, { BRAND_CACHE_SECONDS: '3600' }, buses[1]);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    for (const bus of buses) await bus.close();
    for (const db of dbs) await db.close();
    await created?.drop();
  });

  it('a brand changed through one instance is read afresh by the other within a second', async () => {
    expect((await b.brands.resolve('GOLDEN', undefined)).maintenanceOn).toBe(false);
    await dbs[0]!.db
      .updateTable('merchant')
      .set({ maintenance_on: true })
      .where('code', '=', 'GOLDEN')
      .execute();
    // Without a notice the other instance keeps its hour-long copy.
    expect((await b.brands.resolve('GOLDEN', undefined)).maintenanceOn).toBe(false);
    a.brands.invalidate();
    const ms = await until(async () => (await b.brands.resolve('GOLDEN', undefined)).maintenanceOn);
    expect(ms).toBeLessThan(1_000);
    await dbs[0]!.db
      .updateTable('merchant')
      .set({ maintenance_on: false })
      .where('code', '=', 'GOLDEN')
      .execute();
    a.brands.invalidate();
    await until(async () => !(await b.brands.resolve('GOLDEN', undefined)).maintenanceOn);
  });

  it('a game renamed through one instance shows in the other’s catalogue within a second', async () => {
    const [game] = await b.services.games.catalogue.all('GOLDEN');
    expect(game).toBeDefined();
    await dbs[0]!.db
      .updateTable('game')
      .set({ display_name: 'Renamed Everywhere' })
      .where('node_id', '=', game!.nodeId)
      .execute();
    a.services.games.catalogue.invalidate('GOLDEN');
    const ms = await until(
      async () =>
        (await b.services.games.catalogue.byNode('GOLDEN', game!.nodeId))?.displayName ===
        'Renamed Everywhere',
    );
    expect(ms).toBeLessThan(1_000);
  });
});
