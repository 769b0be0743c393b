import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DbHandle, type DbTarget, openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed/seed';

export interface TestContext {
  app: FastifyInstance;
  db: DbHandle;
  close(): Promise<void>;
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
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BRAND_CACHE_SECONDS: '0',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
}
