import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/** The application_name a roll-up transaction runs under while it folds (ledgerHorizon skips it). */
const ROLLUP_APPLICATION = 'ledger-rollup';

/**
 * Marks the current transaction as a roll-up fold, which never writes ledger entries, so other
 * folds computing their horizon do not wait for it (a dashboard fold in progress would otherwise
 * hold a report fold's horizon back, and the reverse). SET LOCAL: the name ends with the transaction.
 */
export async function markRollUp(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT set_config('application_name', ${ROLLUP_APPLICATION}, true)`.execute(trx);
}

/**
 * The oldest transaction id that may still add ledger entries to this database: the oldest
 * transaction in progress at a snapshot whose backend is connected to this database, else the
 * snapshot's xmax. The snapshot's own xmin would do too, but it counts every database of the
 * server, so one long transaction elsewhere (a report, another tenant) would hold the roll-up
 * back. Roll-up folds (markRollUp) are left out: they write no ledger entry. WARNING: the locks are read in a statement after the snapshot's, so a transaction in
 * the snapshot is either still listed (its xid lock is held until it ends) or has finished.
 */
export async function ledgerHorizon(trx: Transaction<Database>): Promise<string> {
  const snap = await sql<{ xmax: string; xip: string[] }>`
    SELECT pg_snapshot_xmax(s)::text AS xmax, array(SELECT x::text FROM pg_snapshot_xip(s) AS x) AS xip
      FROM pg_current_snapshot() AS s`.execute(trx);
  const { xmax, xip } = snap.rows[0]!;
  if (xip.length === 0) return xmax;
  const here = await sql<{ oldest: string | null }>`
    SELECT min(x)::text AS oldest
      FROM unnest(${xip}::xid8[]) AS x
     WHERE xid(x) = ANY (array(
             SELECT l.transactionid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
              WHERE l.locktype = 'transactionid'
                AND a.datid = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND a.application_name IS DISTINCT FROM ${ROLLUP_APPLICATION}))`.execute(trx);
  return here.rows[0]?.oldest ?? xmax;
}
