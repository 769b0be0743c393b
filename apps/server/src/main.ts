import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed/seed';

const config = loadConfig();
const db = await openDb(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR },
);
const applied = await migrate(db);
if (config.SEED_DEMO) await seedDemo(db.db);

const app = await buildApp({ config, db });
app.log.info({ database: db.kind, migrations: applied }, 'database ready');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
