/**
 * bench:reports — the reports on production-sized data, in a throw-away PostgreSQL database on
 * TEST_DATABASE_URL's server (default: the local server), created, migrated and dropped here.
 *
 *   1. Seeds GOLDEN with --members members (default 1,000,000; their MAIN and BET_HOLD accounts)
 *      and --bets settled bets (default 10,000,000) over --days days (default 120) as the wallet
 *      writes them: per bet a BET entry (MAIN -stake, BET_HOLD +stake), its PAYOUT entry (BET_HOLD
 *      -stake, HOUSE +(stake - payout), MAIN +payout, zero legs left out) and its SETTLED
 *      bet_record, over 240 games of 8 vendors; set-based SQL in chunks. Then the real fold
 *      (AggregatesService.rollUp) builds the reports' aggregates. Rates printed.
 *   2. The business report by game over the last 90 days, ~50 calls: through
 *      GET /wps/admin/reports/business/breakdown?by=game when the business part serves it, else
 *      the same roll-up in SQL over report_game_day (said so). p50/p95 (budget p95 <= 200 ms).
 *      Then each report screen's reads over the same 90 days, 5 calls each: p50 and max.
 *   3. A --export-rows row export (default 1,000,000) of a bench source that reads bet_record in
 *      keyset pages, as CSV and as XLSX, asked through POST /wps/admin/reports/exports and made by
 *      the app's own export job: time and this process's RSS growth (the server runs in it).
 *      Budget: <= 60 s and <= 100 MB.
 *   4. Aggregate lag under load: --lag-workers (default 24) in-process bettors place and settle
 *      bets through the wallet's use cases for --lag-seconds (default 30) while the app's own
 *      aggregates job runs; every 200 ms, now() minus the time of the oldest ledger entry not yet
 *      folded (0 when all are). p50/p99/max (budget <= 5 s).
 * Prints figures; asserts nothing. Example at a small scale: --bets 1000000 --members 100000.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PERMISSIONS } from '@app/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import { buildPlatform } from '../apps/server/src/app';
import { openDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import type { Db } from '../apps/server/src/db/repository';
import { AggregatesRepository } from '../apps/server/src/modules/reports/aggregates/aggregates.repository';
import { AggregatesService } from '../apps/server/src/modules/reports/aggregates/aggregates.service';
import {
  EXPORT_BATCH_ROWS,
  type ReportCell,
  type ReportSource,
} from '../apps/server/src/modules/reports/report-part';
import { BetRepository } from '../apps/server/src/modules/wallet/bet.repository';
import { BetService } from '../apps/server/src/modules/wallet/bet.service';
import { LedgerService } from '../apps/server/src/modules/wallet/ledger.service';
import { seedDemo } from '../apps/server/src/seed/seed';
import { createPostgresDatabase, testConfig } from '../apps/server/test/helper';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const { values: args } = parseArgs({
  options: {
    bets: { type: 'string', default: '10000000' },
    members: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '120' },
    'export-rows': { type: 'string', default: '1000000' },
    'lag-seconds': { type: 'string', default: '30' },
    'lag-workers': { type: 'string', default: '24' },
    calls: { type: 'string', default: '50' },
    // A database an earlier run seeded and kept (--keep): no seeding, no fold, not dropped.
    reuse: { type: 'string' },
    keep: { type: 'boolean', default: false },
    // Leave out the screens (2b), the export (3) or the lag (4) part, to time the others on their own.
    'skip-export': { type: 'boolean', default: false },
    'skip-lag': { type: 'boolean', default: false },
    'skip-screens': { type: 'boolean', default: false },
  },
});
const BETS = Number(args.bets);
const MEMBERS = Number(args.members);
const DAYS = Number(args.days);
const EXPORT_ROWS = Number(args['export-rows']);
const LAG_SECONDS = Number(args['lag-seconds']);
const LAG_WORKERS = Number(args['lag-workers']);
const CALLS = Number(args.calls);
const CHUNK = 500_000;
const GAMES = 240;
const VENDORS = 8;
const TYPES = ['SLOT', 'LIVE', 'FISH', 'LOTT', 'SPORT', 'CARD'];
const MERCHANT = 'GOLDEN';
/** Unique per run: a reused database keeps an earlier run's key and members. */
const RUN = Date.now().toString(36);
const KEY = `bench-reports-key-${RUN}`;

const log = (line: string) => console.log(`reports bench: ${line}`);
const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const count = async (db: Db, q: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await q.execute(db)).rows[0]!.n);

async function seed(db: Db): Promise<void> {
  await seedDemo(db);
  const ledger = new LedgerService(db);
  const house = await ledger.account(MERCHANT, 'HOUSE');
  const max = async (table: string) =>
    count(db, sql<{ n: string }>`SELECT coalesce(max(id), 0)::text AS n FROM ${sql.table(table)}`);
  const memberBase = await max('member');
  let t0 = performance.now();
  await sql`
    INSERT INTO member (id, merchant_code, username, password_hash, referral_code, created_at)
    SELECT ${memberBase} + g, ${MERCHANT}, 'r' || g, 'x', 'R' || g,
           now() - make_interval(secs => ((g::bigint * 7919) % (${DAYS + 60} * 86400))::double precision)
      FROM generate_series(1, ${MEMBERS}) g`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('member', 'id'), ${memberBase + MEMBERS})`.execute(db);
  const accountBase = await max('ledger_account');
  // Member g's MAIN is accountBase + 2g - 1, its BET_HOLD accountBase + 2g.
  await sql`
    INSERT INTO ledger_account (id, merchant_code, kind, member_id, tracked)
    SELECT ${accountBase} + 2 * g - 1 + k, ${MERCHANT}, CASE k WHEN 0 THEN 'MAIN' ELSE 'BET_HOLD' END,
           ${memberBase} + g, true
      FROM generate_series(1, ${MEMBERS}) g, generate_series(0, 1) k`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('ledger_account', 'id'), ${accountBase + 2 * MEMBERS})`.execute(
    db,
  );
  log(`${MEMBERS} members and ${2 * MEMBERS} accounts in ${secs(t0)} s`);

  // A bulk load: the big tables' non-unique indexes are dropped for it and built once at the end
  // (one sorted build instead of ten million inserts into each), and each chunk runs with foreign-key
  // triggers off (session_replication_role = replica: the ids generated here are consistent).
  t0 = performance.now();
  const indexes = (
    await sql<{ name: string; def: string }>`
      SELECT indexname AS name, indexdef AS def FROM pg_indexes
       WHERE schemaname = current_schema()
         AND tablename IN ('ledger_entry', 'ledger_posting', 'bet_record')
         AND indexdef NOT LIKE 'CREATE UNIQUE%'`.execute(db)
  ).rows;
  for (const i of indexes) await sql`DROP INDEX ${sql.id(i.name)}`.execute(db);
  const entryBase = await max('ledger_entry');
  const betBase = await max('bet_record');
  const span = DAYS * 86_400;
  for (let lo = 0; lo < BETS; lo += CHUNK) {
    const hi = Math.min(BETS, lo + CHUNK);
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      // Bet i: its time spread evenly over the days (oldest first); its member a pseudo-random
      // one; its game one of GAMES (a few popular ones take more bets); a loss one bet in two,
      // else a payout of 1.9 times the stake (a few games a little hotter).
      await sql`
        CREATE TEMP TABLE bench_bet ON COMMIT DROP AS
        SELECT i,
               ${entryBase} + 2 * i + 1 AS bet_entry,
               ${entryBase} + 2 * i + 2 AS pay_entry,
               1 + (i * 104729) % ${MEMBERS} AS g,
               (CASE WHEN i % 3 = 0 THEN i % 12 ELSE (i * 7) % ${GAMES} END)::int AS game,
               (100 + (i * 37) % 9900)::bigint AS stake,
               now() - make_interval(secs => ${span} - (i * ${span}::bigint / ${BETS})::double precision) AS at
          FROM generate_series(${lo}::bigint, ${hi - 1}::bigint) i`.execute(trx);
      await sql`ALTER TABLE bench_bet ADD COLUMN payout bigint`.execute(trx);
      await sql`UPDATE bench_bet SET payout = CASE WHEN i % 2 = 0 THEN 0
                                                   WHEN game % 17 = 0 THEN stake * 2
                                                   ELSE stake * 19 / 10 END`.execute(trx);
      await sql`
        INSERT INTO ledger_entry (id, merchant_code, reference, kind, member_id, created_at)
        SELECT e.id, ${MERCHANT}, e.ref, e.kind, ${memberBase} + b.g, e.at
          FROM bench_bet b
          CROSS JOIN LATERAL (VALUES (b.bet_entry, 'BET:BENCH:B' || b.i, 'BET', b.at),
                                     (b.pay_entry, 'SETTLE:BENCH:B' || b.i, 'PAYOUT', b.at + interval '1 minute'))
               AS e(id, ref, kind, at)`.execute(trx);
      await sql`
        INSERT INTO ledger_posting (entry_id, account_id, amount, balance_after, created_at)
        SELECT l.entry, l.account, l.amount, NULL, b.at
          FROM bench_bet b
          CROSS JOIN LATERAL (VALUES
              (b.bet_entry, ${accountBase}::bigint + 2 * b.g - 1, -b.stake),
              (b.bet_entry, ${accountBase}::bigint + 2 * b.g, b.stake),
              (b.pay_entry, ${accountBase}::bigint + 2 * b.g, -b.stake),
              (b.pay_entry, ${house}::bigint, b.stake - b.payout),
              (b.pay_entry, ${accountBase}::bigint + 2 * b.g - 1, b.payout)) AS l(entry, account, amount)
         WHERE l.amount <> 0`.execute(trx);
      await sql`
        INSERT INTO bet_record (id, merchant_code, member_id, vendor_code, game_type, game_code, game_name,
                                round_id, stake, valid_bet, payout, status, stake_entry_id, settle_entry_id,
                                placed_at, settled_at)
        SELECT ${betBase} + 1 + i, ${MERCHANT}, ${memberBase} + g, 'BV' || (game % ${VENDORS}),
               (${sql.val(TYPES)}::text[])[1 + game % ${TYPES.length}], 'game-' || game, 'Game ' || game,
               'B' || i, stake, stake, payout, 'SETTLED', bet_entry, pay_entry, at, at + interval '1 minute'
          FROM bench_bet`.execute(trx);
    });
    if ((hi / CHUNK) % 4 === 0 || hi === BETS) log(`${hi} of ${BETS} bets in ${secs(t0)} s`);
  }
  const loaded = (performance.now() - t0) / 1000;
  log(
    `${BETS} bets (${2 * BETS} entries) loaded in ${loaded.toFixed(1)} s; building ${indexes.length} indexes`,
  );
  const t1 = performance.now();
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(trx);
    for (const i of indexes) await sql.raw(i.def).execute(trx);
  });
  const seeded = (performance.now() - t0) / 1000;
  log(
    `indexes built in ${secs(t1)} s; seeded in ${seeded.toFixed(1)} s in all (${Math.round(BETS / seeded)} bets/s)`,
  );
  const entries = await max('ledger_entry');
  await sql`SELECT setval(pg_get_serial_sequence('ledger_entry', 'id'), ${entries})`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('ledger_posting', 'id'), (SELECT max(id) FROM ledger_posting))`.execute(
    db,
  );
  await sql`SELECT setval(pg_get_serial_sequence('bet_record', 'id'), (SELECT max(id) FROM bet_record))`.execute(
    db,
  );
  t0 = performance.now();
  for (const table of ['ledger_entry', 'ledger_posting', 'ledger_account', 'member', 'bet_record'])
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  log(`VACUUM ANALYZE in ${secs(t0)} s`);
}

/**
 * What an export of bets reads: bet_record in keyset pages of EXPORT_BATCH_ROWS (one page held at
 * a time), as the app's sources do.
 */
function betsSource(db: Db, limit: number): ReportSource {
  return {
    name: 'bench.bets',
    permission: 'reports.view',
    query: z.object({}),
    columns: () => [
      { key: 'id', header: 'Bet', type: 'int' },
      { key: 'settledAt', header: 'Settled at', type: 'datetime' },
      { key: 'member', header: 'Member', type: 'text' },
      { key: 'vendor', header: 'Vendor', type: 'text' },
      { key: 'game', header: 'Game', type: 'text' },
      { key: 'stake', header: 'Stake', type: 'money' },
      { key: 'payout', header: 'Payout', type: 'money' },
      { key: 'ggr', header: 'GGR', type: 'money' },
      { key: 'hold', header: 'Hold', type: 'percent' },
    ],
    async *rows(scope) {
      let after = '0';
      let left = limit;
      while (left > 0) {
        const page = await db
          .selectFrom('bet_record as b')
          .innerJoin('member as m', 'm.id', 'b.member_id')
          .select([
            'b.id',
            'b.settled_at',
            'm.username',
            'b.vendor_code',
            'b.game_name',
            'b.stake',
            'b.payout',
          ])
          .where('b.merchant_code', 'in', scope.merchants)
          .where('b.id', '>', after)
          .orderBy('b.id')
          .limit(Math.min(EXPORT_BATCH_ROWS, left))
          .execute();
        if (page.length === 0) return;
        for (const r of page) {
          const stake = BigInt(r.stake);
          const payout = BigInt(r.payout);
          const row: ReportCell[] = [
            r.id,
            r.settled_at,
            r.username,
            r.vendor_code,
            r.game_name,
            stake,
            payout,
            stake - payout,
            Number(stake - payout) / Number(stake),
          ];
          yield row;
        }
        after = page[page.length - 1]!.id;
        left -= page.length;
      }
    },
  };
}

const created = args.reuse ? { url: args.reuse, drop: async () => {} } : await createPostgresDatabase();
const handle = await openDb({ kind: 'postgres', url: created.url, max: 8 });
try {
  const db = handle.db;
  const aggregates = new AggregatesService(new AggregatesRepository(db));
  let t0 = performance.now();
  if (args.reuse) {
    log(`reusing ${args.reuse} (seeded and folded by an earlier run)`);
    // Migrations added since that run (their own backfills timed here).
    t0 = performance.now();
    await migrate(handle);
    log(`migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // An export an earlier run left unfinished would be taken up again and blur the figures.
    await db
      .updateTable('report_export')
      .set({ status: 'FAILED', error: 'left by an earlier bench run', lease_until: null })
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .execute();
  } else {
    await migrate(handle);
    log(`seeding ${BETS} bets over ${DAYS} days for ${MEMBERS} members`);
    await seed(db);
    // The real fold, on its own (the app's job, started below, would share the work).
    const entries = await count(db, sql<{ n: string }>`SELECT count(*)::text AS n FROM ledger_entry`);
    t0 = performance.now();
    const folded = await aggregates.rollUp();
    const took = (performance.now() - t0) / 1000;
    log(
      `fold: ${folded} of ${entries} entries in ${took.toFixed(1)} s (${Math.round(folded / took)} entries/s)`,
    );
    for (const table of ['report_game_day', 'report_member_day', 'report_bonus_day'])
      await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
    if (args.keep) log(`keeping the database: --reuse ${created.url}`);
  }
  // The dashboard's roll-up is another bench's subject: marked caught up, so its job does not
  // spend the next minutes folding the seeded ledger under this bench's measurements.
  await sql`
    UPDATE dashboard_rollup_state s SET last_txid = l.txid, last_entry_id = l.id
      FROM (SELECT txid, id FROM ledger_entry ORDER BY txid DESC, id DESC LIMIT 1) l
     WHERE s.name = 'ledger'`.execute(db);

  const platform = await buildPlatform({ config: testConfig({ LOG_LEVEL: 'warn' }), db: handle });
  await platform.app.ready();
  try {
    await platform.services.staff.admin.insertKey(KEY, 'bench', MERCHANT, [...PERMISSIONS], 'bench');
    const headers = { host: 'localhost', merchant: MERCHANT, 'x-api-key': KEY };
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Manila',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);

    // ---- 2. business report by game over 90 days --------------------------------------------------
    const url = `/wps/admin/reports/business/breakdown?by=game&from=${from}&to=${today}`;
    const probe = await platform.app.inject({ method: 'GET', url, headers });
    const viaRoute = probe.statusCode === 200;
    if (!viaRoute)
      log(
        `GET /wps/admin/reports/business/breakdown answered ${probe.statusCode} (not on this branch): timing the same roll-up in SQL over report_game_day`,
      );
    const byGame = () =>
      sql`
        SELECT vendor_code, game_type, game_code, sum(bets) AS bets, sum(turnover) AS turnover,
               sum(valid_turnover) AS valid_turnover, sum(payout) AS payout, sum(ggr) AS ggr,
               sum(settled) AS settled, sum(settled_stake) AS settled_stake, sum(ratio_sq) AS ratio_sq
          FROM report_game_day
         WHERE merchant_code = ${MERCHANT} AND day BETWEEN ${from}::date AND ${today}::date
         GROUP BY vendor_code, game_type, game_code
         ORDER BY ggr DESC`.execute(db);
    const times: number[] = [];
    let games = 0;
    for (let i = 0; i < CALLS + 5; i++) {
      const t = performance.now();
      if (viaRoute) {
        const res = await platform.app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`breakdown answered ${res.statusCode}`);
      } else games = (await byGame()).rows.length;
      if (i >= 5) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    log(
      `business by game, ${from}..${today} (90 days${viaRoute ? ', through the route' : `, SQL, ${games} games`}) over ${times.length} calls: ` +
        `p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms (budget p95 <= 200 ms)`,
    );

    // ---- 2b. every report screen's reads over the same 90 days -------------------------------------
    const screens = [
      'business/summary?groupBy=day',
      'business/summary?groupBy=month',
      'business/breakdown?by=category',
      'business/breakdown?by=vendor',
      'players/activity?by=day',
      'players/activity?by=week',
      'players/cohorts?by=week',
      'players/ranking?side=winners',
      'players/vip',
      'cashier',
      'cashier/providers',
      'rewards/costs',
      'rewards/items',
      'rewards/points',
      'agents',
      'compliance/rg',
      'compliance/aml',
    ];
    for (const screen of args['skip-screens'] ? [] : screens) {
      const path = `/wps/admin/reports/${screen}${screen.includes('?') ? '&' : '?'}from=${from}&to=${today}`;
      const took: number[] = [];
      let status = 0;
      for (let i = 0; i < 7; i++) {
        const t = performance.now();
        const res = await platform.app.inject({ method: 'GET', url: path, headers });
        status = res.statusCode;
        if (i >= 2) took.push(performance.now() - t);
      }
      took.sort((a, b) => a - b);
      log(
        `  ${screen}: ${status === 200 ? '' : `answered ${status}, `}p50 ${pct(took, 50).toFixed(0)} ms, max ${took[took.length - 1]!.toFixed(0)} ms (5 calls)`,
      );
    }

    // ---- 3. a large export ------------------------------------------------------------------------
    platform.services.reports.reportExports.register(betsSource(db, EXPORT_ROWS));
    for (const format of args['skip-export'] ? [] : (['csv', 'xlsx'] as const)) {
      global.gc?.();
      const rss0 = process.memoryUsage().rss;
      const heap0 = process.memoryUsage().heapUsed;
      let peak = rss0;
      let heapPeak = heap0;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peak = Math.max(peak, m.rss);
        heapPeak = Math.max(heapPeak, m.heapUsed);
      }, 100);
      t0 = performance.now();
      const res = await platform.app.inject({
        method: 'POST',
        url: '/wps/admin/reports/exports',
        headers,
        payload: { report: 'bench.bets', format, query: { from, to: today } },
      });
      if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}: ${res.body}`);
      const id = (res.json() as { value: { id: string } }).value.id;
      let row:
        | { status: string; rows_written: string; bytes: string; chunks: number; error: string | null }
        | undefined;
      for (;;) {
        await new Promise((r) => setTimeout(r, 250));
        row = await db
          .selectFrom('report_export')
          .select(['status', 'rows_written', 'bytes', 'chunks', 'error'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (row && (row.status === 'DONE' || row.status === 'FAILED')) break;
      }
      clearInterval(sampler);
      const s = (performance.now() - t0) / 1000;
      global.gc?.();
      const after = process.memoryUsage();
      log(
        `export ${format}: ${row!.status}${row!.error ? ` (${row!.error})` : ''}, ${row!.rows_written} rows, ${mb(Number(row!.bytes))} MB in ${row!.chunks} chunks, ` +
          `${s.toFixed(1)} s (${Math.round(Number(row!.rows_written) / s)} rows/s), RSS ${mb(rss0)} -> peak ${mb(peak)} MB ` +
          `(growth ${mb(peak - rss0)} MB; JS heap peak +${mb(heapPeak - heap0)} MB; after a GC: RSS +${mb(after.rss - rss0)} MB, ` +
          `heap +${mb(after.heapUsed - heap0)} MB) (budget <= 60 s, <= 100 MB)`,
      );
    }

    // ---- 4. aggregate lag under a bet/settle load ---------------------------------------------------
    if (!args['skip-lag']) await lagUnderLoad();
    async function lagUnderLoad() {
      const ledger = new LedgerService(db);
      const bets = new BetService(new BetRepository(db), ledger);
      const adjustment = await ledger.account(MERCHANT, 'ADJUSTMENT');
      const players: string[] = [];
      for (let w = 0; w < LAG_WORKERS; w++) {
        const m = await db
          .insertInto('member')
          .values({
            merchant_code: MERCHANT,
            username: `lag${RUN}${w}`,
            password_hash: 'x',
            referral_code: `LAG${RUN}${w}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await ledger.post(db, {
          merchant: MERCHANT,
          reference: `bench:fund:${m.id}`,
          kind: 'ADJUSTMENT',
          memberId: m.id,
          postings: [
            { accountId: adjustment, amount: -100_000_000n },
            { accountId: await ledger.account(MERCHANT, 'MAIN', m.id), amount: 100_000_000n },
          ],
        });
        players.push(m.id);
      }
      await aggregates.rollUp();
      let stop = false;
      let pairs = 0;
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const roundId = `LAG${RUN}-${w}-${i}`;
          await bets.placeBet(MERCHANT, players[w]!, {
            vendor: 'BV0',
            gameType: 'SLOT',
            gameCode: 'game-0',
            gameName: 'Game 0',
            roundId,
            stake: 100n,
          });
          await bets.settleBet(MERCHANT, 'BV0', roundId, { payout: i % 3 === 0 ? 250n : 0n });
          pairs++;
        }
      };
      const lags: number[] = [];
      const sampleLag = async () => {
        const r = await sql<{ lag: number | null }>`
          SELECT extract(epoch FROM now() - e.created_at)::float8 AS lag
            FROM dashboard_rollup_state s
            JOIN LATERAL (SELECT created_at FROM ledger_entry
                           WHERE (txid, id) > (s.last_txid, s.last_entry_id)
                           ORDER BY txid, id LIMIT 1) e ON true
           WHERE s.name = 'reports'`.execute(db);
        lags.push(r.rows[0]?.lag ?? 0);
      };
      t0 = performance.now();
      const running = Array.from({ length: LAG_WORKERS }, (_, w) => worker(w));
      while (performance.now() - t0 < LAG_SECONDS * 1000) {
        await new Promise((r) => setTimeout(r, 200));
        await sampleLag();
      }
      stop = true;
      await Promise.all(running);
      const loadSecs = (performance.now() - t0) / 1000;
      lags.sort((a, b) => a - b);
      log(
        `lag under ${LAG_WORKERS} bettors (${Math.round(pairs / loadSecs)} bet+settle pairs/s for ${loadSecs.toFixed(0)} s), ` +
          `${lags.length} samples: p50 ${pct(lags, 50).toFixed(2)} s, p99 ${pct(lags, 99).toFixed(2)} s, max ${lags[lags.length - 1]!.toFixed(2)} s (budget <= 5 s)`,
      );
      // The fold must have caught up exactly: the aggregates' bets equal the ledger's.
      await aggregates.rollUp();
      const check = await sql<{ agg: string; ledger: string }>`
        SELECT (SELECT sum(settled)::text FROM report_game_day WHERE merchant_code = ${MERCHANT}) AS agg,
               (SELECT count(*)::text FROM ledger_entry WHERE merchant_code = ${MERCHANT} AND kind = 'PAYOUT') AS ledger`.execute(
        db,
      );
      log(
        `settled bets in the aggregates ${check.rows[0]!.agg}, PAYOUT entries in the ledger ${check.rows[0]!.ledger}`,
      );
    }
  } finally {
    await platform.app.close();
  }
} finally {
  await handle.close();
  if (!args.keep && !args.reuse) await created.drop();
}
