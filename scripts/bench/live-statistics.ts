import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/repository';

/**
 * Statistics of the tables a benchmark's warm-up wrote, as autovacuum gathers them within a
 * minute of the first writes on a real server. A run of seconds on a database made for it would
 * otherwise be planned without any, and on a table PostgreSQL has never analysed it may pick the
 * report index (brand, vendor, game, ...) for a bet's (brand, vendor, round) lookup, which then
 * reads every bet of the vendor: a state a production database is in for its first minute only.
 */
export async function gatherLiveStatistics(db: Db): Promise<void> {
  await sql`ANALYZE`.execute(db);
}
