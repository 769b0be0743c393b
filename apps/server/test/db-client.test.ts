import type { SystemStatusValue } from '@app/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { buildTestApp, createPostgresDatabase } from './helper';
import { getOk } from './http';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/** Runs fn with a connection to the server's maintenance database (not the one under test). */
async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

async function connectionsTo(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
    [database],
  );
  return rows[0]!.n;
}

describe('database handle', () => {
  it('is really closed by close() even when only migrations used it', async () => {
    const created = onPostgres ? await createPostgresDatabase() : null;
    const handle = await openDb(
      created ? { kind: 'postgres', url: created.url } : { kind: 'pglite', dataDir: null },
    );
    try {
      await migrate(handle);
      await handle.close();
      // A closed database takes no more work (and holds no connections, memory or files).
      await expect(handle.withScriptSession((s) => s.query('SELECT 1'))).rejects.toThrow();
    } finally {
      await created?.drop();
    }
  });
});

describe.runIf(onPostgres)('PostgreSQL client', () => {
  it('closes every connection of a handle used only for migrations', async () => {
    const created = await createPostgresDatabase();
    const database = new URL(created.url).pathname.slice(1);
    try {
      const handle = await openDb({ kind: 'postgres', url: created.url });
      await migrate(handle);
      await handle.close();
      const remaining = await withAdmin(async (admin) => {
        // Backends take a moment to exit after the client says goodbye.
        for (let i = 0; i < 50; i++) {
          if ((await connectionsTo(admin, database)) === 0) return 0;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return connectionsTo(admin, database);
      });
      expect(remaining).toBe(0);
    } finally {
      await created.drop();
    }
  });

  it('survives the database dropping its idle connections, and answers the next call', async () => {
    const t = await buildTestApp();
    try {
      await getOk(t.app, '/wps/system/whitelabel');
      const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.db.db);
      const database = rows[0]!.db;
      await withAdmin(async (admin) => {
        const killed = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [database],
        );
        expect(killed.rowCount).toBeGreaterThan(0);
      });
      // Give the pool time to notice the closed sockets.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const value = await getOk<SystemStatusValue>(t.app, '/wps/system/status');
      expect(value.info.merchantCode).toBe('GOLDEN');
    } finally {
      await t.close();
    }
  });
});
