import { parseArgs } from 'node:util';
import { buildPlatform } from './app';
import { assertStartable, loadConfig } from './config';
import { openDb } from './db/client';
import { LocalBus, PgBus } from './platform/bus';
import { migrate } from './db/migrate';
import { seedDemo } from './seed/seed';

// --demo: the local demo `npm start` runs (demo brands and accounts, dev outbox, demo gateway, /docs).
const { values: args } = parseArgs({ options: { demo: { type: 'boolean', default: false } } });
const options = { demo: args.demo };
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env, options);
  assertStartable(config, options);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
const db = await openDb(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR },
);
const applied = await migrate(db);
if (config.SEED_DEMO) await seedDemo(db.db);

// Several instances on one PostgreSQL hear each other's notices (push, caches); the embedded
// database is one process, whose notices stay in it.
let warn = (context: Record<string, unknown>, message: string) => console.warn(message, context);
const busUrl = config.BUS_DATABASE_URL ?? config.DATABASE_URL;
const bus = busUrl ? await PgBus.start(busUrl, (context, message) => warn(context, message)) : new LocalBus();
const { app, readiness } = await buildPlatform({ config, db, bus });
warn = (context, message) => app.log.warn(context, message);
app.log.info({ database: db.kind, migrations: applied }, 'database ready');
if (config.SEED_DEMO && config.NODE_ENV === 'production')
  app.log.warn('SEED_DEMO=true in production: the demo accounts, with public passwords and money, exist');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
  // Not ready first, so the load balancer stops sending new requests; then the requests in
  // flight, the jobs' passes and the push connections end and the job leases are handed back.
  readiness.draining = true;
  if (config.SHUTDOWN_DRAIN_MS > 0)
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
  await app.close();
  await bus.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
