/**
 * The dashboard on 10,000,000 bets over 90 days: seeds a migrated, empty PostgreSQL database (the
 * demo brands, members, their accounts, and ledger entries and postings shaped like the real ones,
 * in set-based SQL chunk by chunk), runs the roll-up job until it has caught up (its throughput
 * printed), then times GET /wps/admin/dashboard for the last 90 days through the app (operator
 * key, envelope, validation included) over at least 50 calls and prints p50/p95 and the figures.
 * BENCH_BETS overrides the number of bets (a quick look on a slow machine).
 */
import { performance } from 'node:perf_hooks';
import { PERMISSIONS } from '@app/contracts';
import { sql } from 'kysely';
import { buildPlatform } from '../../apps/server/src/app';
import { openDb } from '../../apps/server/src/db/client';
import type { Db } from '../../apps/server/src/db/repository';
import { DashboardRepository, type Days } from '../../apps/server/src/modules/dashboard/dashboard.repository';
import { DashboardService } from '../../apps/server/src/modules/dashboard/dashboard.service';
import { LedgerService } from '../../apps/server/src/modules/wallet/ledger.service';
import { seedDemo } from '../../apps/server/src/seed/seed';
import { testConfig } from '../../apps/server/test/helper';

const BETS = Number(process.env.BENCH_BETS ?? 10_000_000);
const DAYS = 90;
const MEMBERS = 200_000;
/** Members who bet on a given day (a different slice of the members each day). */
const DAILY_BETTORS = 15_000;
/** Bets seeded per statement. */
const CHUNK = 500_000;
const CALLS = 60;
const MERCHANT = 'GOLDEN';
const TZ = 'Asia/Manila';
const KEY = 'bench-dashboard-key-0123456789';

const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchDashboard(url: string, log: (line: string) => void): Promise<void> {
  const handle = await openDb({ kind: 'postgres', url, max: 8 });
  try {
    await seedLedger(handle.db, log);
    // The catch-up first, on its own: the app's roll-up job (started with the app below) would
    // share the work and blur the figure.
    const dashboard = new DashboardService(new DashboardRepository(handle.db));
    const entries = Number(
      (await sql<{ n: string }>`SELECT count(*)::text AS n FROM ledger_entry`.execute(handle.db)).rows[0]!.n,
    );
    const t0 = performance.now();
    const folded = await dashboard.rollUp();
    const took = (performance.now() - t0) / 1000;
    log(
      `dashboard bench: roll-up folded ${folded} of ${entries} entries in ${took.toFixed(1)} s ` +
        `(${Math.round(folded / took)} entries/s)`,
    );
    const t1 = performance.now();
    expectNothing(await dashboard.rollUp(), log);
    log(`dashboard bench: a caught-up roll-up pass takes ${(performance.now() - t1).toFixed(1)} ms`);
    const platform = await buildPlatform({ config: testConfig(), db: handle });
    await platform.app.ready();
    try {
      await platform.services.staff.admin.insertKey(KEY, 'bench', MERCHANT, [...PERMISSIONS], 'bench');
      // What autovacuum would have done by then: statistics and the visibility map (index-only scans).
      await sql`VACUUM ANALYZE dashboard_day`.execute(handle.db);
      await sql`VACUUM ANALYZE dashboard_member_day`.execute(handle.db);
      await sql`VACUUM ANALYZE dashboard_member_year`.execute(handle.db);
      await sql`VACUUM ANALYZE member`.execute(handle.db);

      const today = new Intl.DateTimeFormat('en-CA', {
        timeZone: TZ,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date());
      const from = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const times: number[] = [];
      let last: unknown = null;
      for (let i = 0; i < CALLS + 5; i++) {
        const t = performance.now();
        const res = await platform.app.inject({
          method: 'GET',
          url: `/wps/admin/dashboard?from=${from}&to=${today}`,
          headers: { merchant: MERCHANT, 'x-api-key': KEY },
        });
        const ms = performance.now() - t;
        if (res.statusCode !== 200) throw new Error(`dashboard answered ${res.statusCode}: ${res.body}`);
        // The first calls warm the plans and caches; they are not counted.
        if (i >= 5) times.push(ms);
        last = res.json();
      }
      times.sort((a, b) => a - b);
      log(
        `dashboard bench: GET /wps/admin/dashboard ${from}..${today} (${DAYS} days) over ${times.length} calls: ` +
          `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
          `max ${times[times.length - 1]!.toFixed(1)} ms (target p95 <= 200 ms)`,
      );
      // Where the time goes: each read of the route on its own, one after another.
      const repo = new DashboardRepository(handle.db);
      const days: Days = { merchant: MERCHANT, timezone: TZ, from, to: today };
      const reads: Record<string, () => Promise<unknown>> = {
        money: () => repo.money(days),
        activePlayers: () => repo.activePlayers(days),
        newPerDay: () => repo.newPerDay(days),
        pending: () => repo.pending(MERCHANT),
      };
      for (const [name, read] of Object.entries(reads)) {
        const each: number[] = [];
        for (let i = 0; i < 20; i++) {
          const t = performance.now();
          await read();
          each.push(performance.now() - t);
        }
        each.sort((a, b) => a - b);
        log(`dashboard bench:   ${name} p50 ${percentile(each, 50).toFixed(1)} ms`);
      }
      const v = (last as { value: { current: unknown; previous: unknown; pending: unknown } }).value;
      log(`dashboard bench: current ${JSON.stringify(v.current)}`);
      log(`dashboard bench: previous ${JSON.stringify(v.previous)}`);
      log(`dashboard bench: pending ${JSON.stringify(v.pending)}`);
    } finally {
      await platform.app.close();
    }
  } finally {
    await handle.close();
  }
}

function expectNothing(n: number, log: (line: string) => void) {
  if (n !== 0) log(`dashboard bench: WARNING a second roll-up pass folded ${n} entries`);
}

/**
 * Members, their MAIN and BET_HOLD accounts, and per bet a BET entry (MAIN -stake, BET_HOLD
 * +stake) and its PAYOUT entry (BET_HOLD -stake, HOUSE +(stake - payout), MAIN +payout; zero legs
 * left out, as the ledger does), spread evenly over the last 90 days; plus a deposit per member
 * who bets (PAYMENT_CLEARING -amount, MAIN +amount) and a bonus for one in ten. Balances are not
 * kept (nothing here reads them).
 */
async function seedLedger(db: Db, log: (line: string) => void): Promise<void> {
  await seedDemo(db);
  const ledger = new LedgerService(db);
  const house = await ledger.account(MERCHANT, 'HOUSE');
  const clearing = await ledger.account(MERCHANT, 'PAYMENT_CLEARING');
  const expense = await ledger.account(MERCHANT, 'PROMOTION_EXPENSE');
  const max = async (table: string) =>
    Number(
      (await sql<{ n: string }>`SELECT coalesce(max(id), 0)::text AS n FROM ${sql.table(table)}`.execute(db))
        .rows[0]!.n,
    );
  const memberBase = await max('member');
  let t0 = performance.now();
  await sql`
    INSERT INTO member (id, merchant_code, username, password_hash, referral_code, created_at)
    SELECT ${memberBase} + g, ${MERCHANT}, 'd' || g, 'x', 'D' || g,
           now() - make_interval(secs => ((g * 7919) % (180 * 86400)))
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
  log(`dashboard bench: ${MEMBERS} members and ${2 * MEMBERS} accounts in ${secs(t0)} s`);

  t0 = performance.now();
  const entryBase = await max('ledger_entry');
  // Bet i: day d = i * DAYS / BETS (0 = 90 days ago), its member one of that day's DAILY_BETTORS.
  const span = DAYS * 86_400;
  for (let lo = 0; lo < BETS; lo += CHUNK) {
    const hi = Math.min(BETS, lo + CHUNK);
    await db.transaction().execute(async (trx) => {
      await sql`
        CREATE TEMP TABLE bench_bet ON COMMIT DROP AS
        SELECT i,
               ${entryBase} + 2 * i + 1 AS bet_entry,
               ${entryBase} + 2 * i + 2 AS pay_entry,
               1 + ((i * ${DAYS}::bigint / ${BETS}) * 7919 + (i % ${DAILY_BETTORS}) * 13) % ${MEMBERS} AS g,
               (100 + (i * 37) % 9900)::bigint AS stake,
               now() - make_interval(secs => ${span} - (i * ${span}::bigint / ${BETS})::double precision) AS at
          FROM generate_series(${lo}::bigint, ${hi - 1}::bigint) i`.execute(trx);
      await sql`
        INSERT INTO ledger_entry (id, merchant_code, reference, kind, member_id, created_at)
        SELECT e.id, ${MERCHANT}, e.ref, e.kind, ${memberBase} + b.g, e.at
          FROM bench_bet b
          CROSS JOIN LATERAL (VALUES (b.bet_entry, 'BET:BENCH:' || b.i, 'BET', b.at),
                                     (b.pay_entry, 'SETTLE:BENCH:' || b.i, 'PAYOUT', b.at + interval '1 minute'))
               AS e(id, ref, kind, at)`.execute(trx);
      // Payout: nothing for one bet in two, else 1.9 times the stake.
      await sql`
        INSERT INTO ledger_posting (entry_id, account_id, amount, balance_after, created_at)
        SELECT l.entry, l.account, l.amount, NULL, b.at
          FROM (SELECT *, CASE WHEN i % 2 = 0 THEN 0 ELSE stake * 19 / 10 END AS payout FROM bench_bet) b
          CROSS JOIN LATERAL (VALUES
              (b.bet_entry, ${accountBase}::bigint + 2 * b.g - 1, -b.stake),
              (b.bet_entry, ${accountBase}::bigint + 2 * b.g, b.stake),
              (b.pay_entry, ${accountBase}::bigint + 2 * b.g, -b.stake),
              (b.pay_entry, ${house}::bigint, b.stake - b.payout),
              (b.pay_entry, ${accountBase}::bigint + 2 * b.g - 1, b.payout)) AS l(entry, account, amount)
         WHERE l.amount <> 0`.execute(trx);
    });
    log(`dashboard bench: ${hi} of ${BETS} bets (${2 * hi} entries) in ${secs(t0)} s`);
  }
  const afterBets = entryBase + 2 * BETS;
  // A deposit for every member the first day it bets, and a bonus for one member in ten.
  await db.transaction().execute(async (trx) => {
    await sql`
      CREATE TEMP TABLE bench_money ON COMMIT DROP AS
      SELECT row_number() OVER () AS n, g, first_at FROM (
        SELECT member_id - ${memberBase} AS g, min(created_at) - interval '5 minutes' AS first_at
          FROM ledger_entry WHERE id > ${entryBase} AND kind = 'BET' GROUP BY member_id) s`.execute(trx);
    await sql`
      INSERT INTO ledger_entry (id, merchant_code, reference, kind, member_id, created_at)
      SELECT ${afterBets} + 2 * n - 1 + k, ${MERCHANT},
             CASE k WHEN 0 THEN 'DEPOSIT:BENCH' ELSE 'BONUS:BENCH' END || n,
             CASE k WHEN 0 THEN 'DEPOSIT' ELSE 'BONUS' END, ${memberBase} + g, first_at + k * interval '1 minute'
        FROM bench_money, generate_series(0, 1) k
       WHERE k = 0 OR g % 10 = 0`.execute(trx);
    await sql`
      INSERT INTO ledger_posting (entry_id, account_id, amount, created_at)
      SELECT ${afterBets} + 2 * n - 1 + k, l.account, l.amount, first_at
        FROM bench_money, generate_series(0, 1) k,
             LATERAL (VALUES (CASE k WHEN 0 THEN ${clearing}::bigint ELSE ${expense}::bigint END,
                              -(1000 + g % 50) * 100),
                             (${accountBase}::bigint + 2 * g - 1, (1000 + g % 50) * 100)) AS l(account, amount)
       WHERE k = 0 OR g % 10 = 0`.execute(trx);
  });
  const entries = await max('ledger_entry');
  await sql`SELECT setval(pg_get_serial_sequence('ledger_entry', 'id'), ${entries})`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('ledger_posting', 'id'),
                          (SELECT max(id) FROM ledger_posting))`.execute(db);
  log(`dashboard bench: ${entries - entryBase} ledger entries seeded in ${secs(t0)} s`);
  t0 = performance.now();
  await sql`ANALYZE ledger_entry`.execute(db);
  await sql`ANALYZE ledger_posting`.execute(db);
  await sql`ANALYZE ledger_account`.execute(db);
  await sql`ANALYZE member`.execute(db);
  log(`dashboard bench: ANALYZE in ${secs(t0)} s`);
}
