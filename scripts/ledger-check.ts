/**
 * ledger:check — verifies every ledger invariant of ARCHITECTURE section 4 on the configured
 * database and prints what breaks. Exit code 0: consistent; 1: violations; 2: could not run.
 *
 *   npm run ledger:check                 every brand
 *   npm run ledger:check -- --brand GOLDEN
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger-check';
import { openConfiguredDb } from './lib/configured-db';

const { values } = parseArgs({ options: { brand: { type: 'string' } } });

let opened: Awaited<ReturnType<typeof openConfiguredDb>>;
try {
  opened = await openConfiguredDb();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
}
const { db, where } = opened;
let exitCode = 0;
try {
  const brand = values.brand?.toUpperCase();
  const scope = brand ? sql`WHERE merchant_code = ${brand}` : sql``;
  const { rows } = await sql<{ entries: string; accounts: string }>`
    SELECT (SELECT count(*) FROM ledger_entry ${scope})::text AS entries,
           (SELECT count(*) FROM ledger_account ${scope})::text AS accounts`.execute(db.db);
  const counts = rows[0]!;
  console.log(
    `ledger:check on ${where}${brand ? `, brand ${brand}` : ''}: ${counts.entries} entries, ${counts.accounts} accounts`,
  );
  const violations = await checkLedger(db.db, brand);
  if (violations.length === 0) {
    console.log('all invariants hold');
  } else {
    for (const v of violations) {
      console.log(`\nBROKEN: ${v.invariant} (${v.count} rows), for example:`);
      for (const example of v.examples) console.log(`  ${JSON.stringify(example)}`);
    }
    console.log(`\n${violations.length} invariant(s) broken`);
    exitCode = 1;
  }
} finally {
  await db.close();
}
// Set last: closing PGlite (an Emscripten module) overwrites process.exitCode.
process.exit(exitCode);
