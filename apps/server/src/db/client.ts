import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';

const INT8_OID = 20;

/** A raw session for scripts (migrations): multi-statement SQL and parameterised queries. */
export interface ScriptSession {
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Runs fn on one dedicated session, so session-level locks and BEGIN/COMMIT hold across calls. */
  withScriptSession<T>(fn: (session: ScriptSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DbTarget =
  | { kind: 'postgres'; url: string; /** Pool size (default 20). */ max?: number }
  | { kind: 'pglite'; dataDir: string | null };

export async function openDb(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.max ?? 20 });
    // An idle connection the server drops (restart, failover, admin terminate) surfaces here; without
    // a listener it would crash the process. The pool discards the client and opens a new one on demand.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      async withScriptSession(fn) {
        const client = await pool.connect();
        try {
          return await fn({
            exec: async (sql) => {
              await client.query(sql);
            },
            query: async <R>(sql: string, params: unknown[] = []) =>
              (await client.query(sql, params)).rows as R[],
          });
        } finally {
          client.release();
        }
      },
      async close() {
        await db.destroy();
        // Kysely only ends a pool it has used; a handle used just for scripts (migrations) ends it here.
        if (!pool.ending) await pool.end();
      },
    };
  }

  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // int8 (bigserial ids, money in minor units) arrives as a string on both drivers, as pg does
  // by default: a JS number would silently lose precision past 2^53.
  const options = { parsers: { [INT8_OID]: (value: string) => value } };
  const client = target.dataDir ? new PGlite(target.dataDir, options) : new PGlite(options);
  await client.waitReady;
  // The dialect serialises every connection onto the single PGlite session, so a
  // transaction never interleaves with another request's queries.
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    async withScriptSession(fn) {
      return fn({
        exec: async (sql) => {
          await client.exec(sql);
        },
        query: async <R>(sql: string, params: unknown[] = []) => (await client.query<R>(sql, params)).rows,
      });
    },
    async close() {
      await db.destroy();
      // As above: Kysely only closes a client it has used.
      if (!client.closed) await client.close();
    },
  };
}
