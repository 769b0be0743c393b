import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './client';

const DB_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.join(DB_DIR, 'migrations');
const FUNCTIONS_DIR = path.join(DB_DIR, 'functions');
/** Arbitrary constant: several instances starting at once apply migrations one at a time. */
const MIGRATION_LOCK_ID = 727_001;

interface Migration {
  name: string;
  sql: string;
}

/** A file of functions/: today's definitions of some database functions (CREATE OR REPLACE). */
type FunctionFile = Migration;

function readSqlFiles(dir: string, pattern: RegExp): Migration[] {
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readSqlFiles(dir, /^\d{4}_[a-z0-9_]+\.sql$/);
}

export function readFunctions(dir = FUNCTIONS_DIR): FunctionFile[] {
  return readSqlFiles(dir, /^[a-z0-9_]+\.sql$/);
}

/**
 * Applies every migration not yet applied, each in its own transaction, then every file of
 * functions/ (all of them, every time, in one transaction): a database always runs the function
 * definitions of the code that last started on it, whatever migrations once defined them.
 * Returns the names of the migrations applied.
 */
export async function migrate(
  handle: DbHandle,
  migrations = readMigrations(),
  functions = readFunctions(),
): Promise<string[]> {
  return handle.withScriptSession(async (s) => {
    await s.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await s.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set(
        (await s.query<{ name: string }>('SELECT name FROM schema_migration')).map((r) => r.name),
      );
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        await s.exec('BEGIN');
        try {
          await s.exec(m.sql);
          await s.query('INSERT INTO schema_migration (name) VALUES ($1)', [m.name]);
          await s.exec('COMMIT');
        } catch (err) {
          await s.exec('ROLLBACK');
          throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(m.name);
      }
      await s.exec('BEGIN');
      for (const f of functions) {
        try {
          await s.exec(f.sql);
        } catch (err) {
          await s.exec('ROLLBACK');
          throw new Error(`functions/${f.name} failed: ${(err as Error).message}`, { cause: err });
        }
      }
      await s.exec('COMMIT');
      return applied;
    } finally {
      await s.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}
