import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/repository';
import type { Database } from '../../db/schema';

/**
 * Runs a report's aggregate in its own transaction without JIT and with `workMem` to hash in.
 * With the default 4 MB the planner would rather walk an index in group order than hash: a
 * ranking of a million members over 90 days walked 7.5 million member-days in member order
 * through the heap for over a minute, where a scan and a hash take seconds; and the planner's
 * cost for a year of games crosses jit_above_cost, where compiling took longer than the query.
 */
export function reportRead<T>(
  db: Db,
  workMem: '64MB' | '128MB',
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL jit = off`.execute(trx);
    await sql`SET LOCAL work_mem = ${sql.lit(workMem)}`.execute(trx);
    return fn(trx);
  });
}
