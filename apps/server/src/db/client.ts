import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { isDatabaseUnavailable } from '../platform/db-errors';
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

/**
 * The pool as Kysely sees it, except that a client whose query failed because its connection was
 * lost goes back with that error, so the pool closes it. Without this, a client whose backend was
 * ended mid-query (the server's FATAL arrives before the socket closes) could be released while it
 * still looks healthy and lent to the next request, which would fail too.
 */
function discardingLostClients(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let lost: Error | undefined;
      // pg's callback form, not its promise form: with the promise form every result stayed
      // reachable a little longer and the young generation promoted it, so reading a million rows
      // grew the old generation by 100 MB more before a full collection (measured: 55 MB against
      // 14 MB of heap peak over 300,000 rows).
      const query = (text: string, parameters: ReadonlyArray<unknown>) =>
        new Promise<pg.QueryResult>((resolve, reject) => {
          client.query(text, parameters as unknown[], (err: Error | null, result: pg.QueryResult) => {
            if (err) {
              if (isDatabaseUnavailable(err)) lost = err;
              reject(err);
            } else resolve(result);
          });
        });
      return {
        // Only the (sql, parameters) form: the dialect takes the cursor form only when it is
        // given a cursor class, and this one is not.
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(lost),
      };
    },
    end: () => pool.end(),
  };
}

export async function openDb(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'postgres') {
    // keepAlive: a peer that vanished without closing the socket (failover, network cut) is noticed
    // by TCP instead of leaving a checked-out connection waiting for ever.
    // JIT compilation off for every session: the queries here that PostgreSQL estimates costly
    // enough to compile (report roll-ups, a fold's batch) ran slower with it, the compile taking
    // longer than it saved (active players over 90 days at 760,000 member-days: 620 ms with,
    // 340 ms without; a 20,000-entry fold batch: 810 ms with, 585 ms without).
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.max ?? 20,
      keepAlive: true,
      options: '-c jit=off',
    });
    // An idle connection the server drops (restart, failover, admin terminate) surfaces here; without
    // a listener it would crash the process. The pool discards the client and opens a new one on demand.
    pool.on('error', () => {});
    // A connection can also drop while checked out (mid-request, mid-transaction, mid-batch); pg
    // then emits 'error' on the client itself, where the pool listens only while it is idle, and an
    // 'error' event nobody listens to ends the process. The query in flight fails on its own (the
    // request answers system.db.unavailable, see isDatabaseUnavailable), and on release the pool
    // sees the client is no longer queryable and discards it.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: discardingLostClients(pool) }) });
    return {
      db,
      kind: 'postgres',
      async withScriptSession(fn) {
        const client = await pool.connect();
        let failure: Error | undefined;
        try {
          return await fn({
            exec: async (sql) => {
              await client.query(sql);
            },
            query: async <R>(sql: string, params: unknown[] = []) =>
              (await client.query(sql, params)).rows as R[],
          });
        } catch (err) {
          failure = err instanceof Error ? err : new Error(String(err));
          throw err;
        } finally {
          // A session that failed may be dead, or still inside the script's BEGIN or holding its
          // session locks: passing the error makes the pool close it rather than lend it out again.
          client.release(failure);
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
