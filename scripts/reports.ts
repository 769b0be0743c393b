/**
 * reports:rebuild — empties the reports' aggregates and folds the whole ledger again (the brands'
 * current time zones), printing progress; the job waits meanwhile and readers keep the old
 * figures until the new ones commit. Rebuilding twice gives the same rows.
 * reports:check — compares the aggregates with the ledger and prints every difference.
 * Exit code 0: done / consistent; 1: differences; 2: could not run (bad arguments, no database).
 *
 *   npm run reports:rebuild
 *   npm run reports:check                 every brand
 *   npm run reports:check -- --brand GOLDEN --limit 50
 */
import { parseArgs } from 'node:util';

const USAGE = 'usage: reports.ts rebuild [--batch N] | check [--brand CODE] [--limit N]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: { brand: { type: 'string' }, limit: { type: 'string' }, batch: { type: 'string' } },
  });
}
try {
  parsed = parse();
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
const { values, positionals } = parsed;
const command = positionals[0];
if (positionals.length !== 1 || (command !== 'rebuild' && command !== 'check'))
  fail(`reports: expected one command, rebuild or check; got ${positionals.join(' ') || 'none'}`);
const positive = (name: string, v: string | undefined, fallback: number) => {
  if (v === undefined) return fallback;
  if (!/^[1-9][0-9]{0,8}$/.test(v)) fail(`reports: --${name} must be a positive whole number, not "${v}"`);
  return Number(v);
};
const limit = positive('limit', values.limit, 1_000);
const batch = positive('batch', values.batch, 20_000);
if (command === 'rebuild' && (values.brand !== undefined || values.limit !== undefined))
  fail('reports: rebuild takes only --batch (it rebuilds every brand)');
if (command === 'check' && values.batch !== undefined) fail('reports: check takes --brand and --limit');

// Loaded once the arguments are known good, so a wrong command answers at once.
const { openConfiguredDb } = await import('./lib/configured-db');
const { checkAggregates } = await import('../apps/server/src/modules/reports/aggregates/aggregates-check');
const { AggregatesRepository } =
  await import('../apps/server/src/modules/reports/aggregates/aggregates.repository');
const { AggregatesService } =
  await import('../apps/server/src/modules/reports/aggregates/aggregates.service');

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
  if (command === 'rebuild') {
    const service = new AggregatesService(new AggregatesRepository(db.db));
    console.log(`reports:rebuild on ${where}`);
    const started = performance.now();
    let printed = 0;
    const rate = (n: number) => Math.round(n / Math.max((performance.now() - started) / 1000, 0.001));
    const total = await service.rebuild({
      batch,
      progress: (n) => {
        if (n - printed >= batch) {
          console.log(`  ${n} entries folded (${rate(n)} entries/s)`);
          printed = n;
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`rebuilt from ${total} ledger entries in ${seconds.toFixed(1)} s (${rate(total)} entries/s)`);
  } else {
    const brand = values.brand?.toUpperCase();
    if (brand !== undefined) {
      const known = await db.db
        .selectFrom('merchant')
        .select('code')
        .where('code', '=', brand)
        .executeTakeFirst();
      if (!known) {
        console.error(`reports:check: no brand ${brand}`);
        exitCode = 2;
      }
    }
    if (exitCode === 0) {
      console.log(`reports:check on ${where}${brand ? `, brand ${brand}` : ''}`);
      const diffs = await checkAggregates(db.db, { ...(brand ? { merchant: brand } : {}), limit });
      if (diffs.length === 0) {
        console.log('the aggregates equal the ledger');
      } else {
        for (const d of diffs)
          console.log(
            `DIFFERS ${d.table} ${Object.values(d.key).join(' ')} ${d.column}: ledger ${d.expected}, aggregates ${d.actual}`,
          );
        console.log(`\n${diffs.length} difference(s); \`npm run reports:rebuild\` folds the ledger again`);
        exitCode = 1;
      }
    }
  }
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  exitCode = 2;
} finally {
  await db.close();
}
// Set last: closing PGlite (an Emscripten module) overwrites process.exitCode.
process.exit(exitCode);
