/**
 * bench:backoffice — the back office on production-sized data, each part in a throw-away database
 * on TEST_DATABASE_URL's server (default: the local server), created, migrated and dropped here:
 *   (a) player search on 1,000,000 members (scripts/bench/backoffice-players.ts);
 *   (b) the dashboard on 10,000,000 bets over 90 days, from its roll-ups
 *       (scripts/bench/backoffice-dashboard.ts).
 * BENCH_PARTS=players or BENCH_PARTS=dashboard runs one of them.
 */
import { openDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { createPostgresDatabase } from '../apps/server/test/helper';
import { benchDashboard } from './bench/backoffice-dashboard';
import { benchPlayerSearch } from './bench/backoffice-players';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const parts = (process.env.BENCH_PARTS ?? 'players,dashboard').split(',');
const log = (line: string) => console.log(line);

async function inFreshDatabase(run: (url: string) => Promise<void>): Promise<void> {
  const created = await createPostgresDatabase();
  try {
    const handle = await openDb({ kind: 'postgres', url: created.url });
    await migrate(handle);
    await handle.close();
    await run(created.url);
  } finally {
    await created.drop();
  }
}

if (parts.includes('players')) await inFreshDatabase((url) => benchPlayerSearch(url, log));
if (parts.includes('dashboard')) await inFreshDatabase((url) => benchDashboard(url, log));
