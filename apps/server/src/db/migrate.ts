import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant: several instances starting at once apply migrations one at a time. */
const MIGRATION_LOCK_ID = 727_001;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/** Applies every migration not yet applied, each in its own transaction. Returns the names applied. */
export async function migrate(handle: DbHandle, migrations = readMigrations()): Promise<string[]> {
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
      return applied;
    } finally {
      await s.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}
