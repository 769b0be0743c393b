/**
 * The database the server is configured for (DATABASE_URL, else the embedded PGlite under
 * DATA_DIR), opened for an operator script, migrated to the current schema.
 *
 * PGlite is one process's database: a second process writing the same directory would corrupt
 * it. With PGlite the script first asks whether a server answers on the configured port and
 * refuses if one does.
 */
import { loadConfig, type Config } from '../../apps/server/src/config';
import { openDb, type DbHandle } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';

async function serverAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function openConfiguredDb(): Promise<{ config: Config; db: DbHandle; where: string }> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    const db = await openDb({ kind: 'postgres', url: config.DATABASE_URL });
    await migrate(db);
    const url = new URL(config.DATABASE_URL);
    return { config, db, where: `PostgreSQL ${url.host}${url.pathname}` };
  }
  if (await serverAnswers(config.PORT)) {
    throw new Error(
      `The server is running on the embedded database (${config.DATA_DIR}); only one process may open it.\n` +
        `Stop the server first (Ctrl+C in its terminal), or run against PostgreSQL with DATABASE_URL.`,
    );
  }
  const db = await openDb({ kind: 'pglite', dataDir: config.DATA_DIR });
  await migrate(db);
  return { config, db, where: `embedded PGlite ${config.DATA_DIR}` };
}
