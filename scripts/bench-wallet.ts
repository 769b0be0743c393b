/**
 * bench:wallet — bet debits with unique references on PostgreSQL, through the product's path.
 *
 * Creates a throw-away database on TEST_DATABASE_URL's server (default: the local server),
 * migrates and seeds it, funds one member per worker, then runs 32 concurrent workers, each
 * placing bets for its own member with a new round (so a new ledger reference) every time, in two
 * variants measured alternately:
 *   A. BetService.placeBet: MAIN -stake, the member's own BET_HOLD +stake, an OPEN bet record
 *      (no account shared between workers);
 *   B. the same queue and statement (BetRepository.placeStake, which placeBet calls) with the
 *      stake credited to the brand's one HOUSE account instead: every bet credits the same account.
 * An op counts only once its promise has resolved, which is after its batch's COMMIT (durable:
 * the server's fsync and synchronous_commit settings are whatever it runs with; nothing here
 * changes them). Prints ops/s and latency percentiles per run, the stakes per commit, the B/A
 * ratio (near 1: the house account is not a hot row), and the ledger invariants afterwards.
 * Beside them, the raw database ceiling: the same statement from bare clients (see raw()).
 * Budget: ≥ 15,000 ops/s with 32 workers and p99 ≤ 10 ms, B/A ≥ 1.0.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { openDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/seed/seed';
import { BetRepository } from '../apps/server/src/modules/wallet/bet.repository';
import { BetService } from '../apps/server/src/modules/wallet/bet.service';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger-check';
import { LedgerService } from '../apps/server/src/modules/wallet/ledger.service';
import { createPostgresDatabase } from '../apps/server/test/helper';
import { loadConfig } from '../apps/server/src/config';
import { gatherLiveStatistics } from './bench/live-statistics';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
// A and B alternate, several times: the machine's speed drifts (other load, checkpoints).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MERCHANT = 'GOLDEN';
const VENDOR = 'BENCH';
const STAKE = 100n; // 1.00
// The server's own setting (LEDGER_BATCHES_IN_FLIGHT in the environment changes both).
const IN_FLIGHT = loadConfig().LEDGER_BATCHES_IN_FLIGHT;

/** BetRepository.stakeBatch's statement, for the raw ceiling. */
const RAW_SQL = `SELECT * FROM bet_place_batch($1::text[], $2::text[], $3::bigint[], $4::bigint[],
  $5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])`;

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const created = await createPostgresDatabase();
// The server's own pool settings: the bench measures the product as it runs.
const db = await openDb({ kind: 'postgres', url: created.url });

interface RunResult {
  opsPerSec: number;
  p50: number;
  p99: number;
  perCommit: number;
  /** CPU time of this process (the 32 clients, the server code, the pg driver) per second, in cores. */
  nodeCpu: number;
}

try {
  await migrate(db);
  await seedDemo(db.db);
  const ledger = new LedgerService(db.db);
  const repo = new BetRepository(db.db, { batchesInFlight: IN_FLIGHT });
  const bets = new BetService(repo, ledger);
  const members: { id: string; main: string; hold: string }[] = [];
  const funding = await ledger.account(MERCHANT, 'ADJUSTMENT');
  for (let i = 0; i < WORKERS; i++) {
    const m = await db.db
      .insertInto('member')
      .values({
        merchant_code: MERCHANT,
        username: `bench${i}`,
        password_hash: 'x',
        referral_code: `BENCH${i}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const main = await ledger.account(MERCHANT, 'MAIN', m.id);
    await ledger.post(db.db, {
      merchant: MERCHANT,
      reference: `bench:fund:${i}`,
      kind: 'ADJUSTMENT',
      memberId: m.id,
      postings: [
        { accountId: funding, amount: -1_000_000_000n },
        { accountId: main, amount: 1_000_000_000n },
      ],
    });
    // Created before the clock starts, as in use.
    const hold = await ledger.account(MERCHANT, 'BET_HOLD', m.id);
    members.push({ id: m.id, main, hold });
  }
  const house = await ledger.account(MERCHANT, 'HOUSE');
  const runId = randomBytes(4).toString('hex');

  /** One bet; rejects unless it was placed now (a repeat or a refusal would not be a debit). */
  async function bet(toHouse: boolean, m: { id: string; main: string }, roundId: string): Promise<void> {
    const game = {
      vendor: VENDOR,
      gameType: 'RNG',
      gameCode: 'bench',
      gameName: 'Bench',
      roundId,
      stake: STAKE,
    };
    if (!toHouse) {
      const placed = await bets.placeBet(MERCHANT, m.id, game);
      if (placed.bet.roundId !== roundId || placed.bet.status !== 'OPEN') throw new Error('not placed');
      return;
    }
    const placed = await repo.placeStake({
      merchant: MERCHANT,
      reference: `BET:${VENDOR}:${roundId}`,
      memberId: m.id,
      debitAccountId: m.main,
      creditAccountId: house,
      ...game,
    });
    if (placed.outcome !== 'placed') throw new Error(`not placed: ${placed.outcome}`);
  }

  /** Checkpoints the server has made (any database's CREATE/DROP forces one): they slow a run. */
  async function checkpoints(): Promise<number> {
    const { rows } = await sql<{ n: string }>`
      SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter`.execute(db.db);
    return Number(rows[0]!.n);
  }

  async function run(label: string, toHouse: boolean, seconds: number): Promise<RunResult> {
    const latencies: number[] = [];
    const prefix = `${runId}-${label.replace(/\W+/g, '')}-`;
    const until = performance.now() + seconds * 1000;
    let seq = 0;
    const checkpoints0 = await checkpoints();
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      members.map(async (m, w) => {
        while (performance.now() < until) {
          const t0 = performance.now();
          await bet(toHouse, m, `${prefix}${w}-${seq++}`);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return report(label, prefix, latencies, started, cpu0, checkpoints0);
  }

  /** A run's figures, checked against the entries it wrote (one per op), printed and returned. */
  async function report(
    label: string,
    prefix: string,
    latencies: number[],
    started: number,
    cpu0: NodeJS.CpuUsage,
    checkpoints0: number,
  ): Promise<RunResult> {
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const checkpointed = (await checkpoints()) - checkpoints0;
    // Entries of one transaction share its now(): distinct created_at values count the commits.
    const { rows } = await sql<{ entries: string; commits: string }>`
      SELECT count(*) AS entries, count(DISTINCT created_at) AS commits FROM ledger_entry
       WHERE merchant_code = ${MERCHANT} AND reference LIKE ${`BET:${VENDOR}:${prefix}%`}`.execute(db.db);
    const entries = Number(rows[0]!.entries);
    if (entries !== latencies.length) throw new Error(`${latencies.length} ops but ${entries} entries`);
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
    const result = {
      opsPerSec: latencies.length / elapsed,
      p50: pct(0.5),
      p99: pct(0.99),
      perCommit: entries / Number(rows[0]!.commits),
      nodeCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
    };
    console.log(
      `${label.padEnd(22)} ${String(latencies.length).padStart(7)} ops  ${result.opsPerSec.toFixed(0).padStart(6)} ops/s  ` +
        `p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  max ${latencies.at(-1)!.toFixed(1)} ms  ` +
        `${result.perCommit.toFixed(1)} bets/commit  node CPU ${(result.nodeCpu * 100).toFixed(0)}%  ` +
        `load ${loadavg()[0]!.toFixed(1)}${checkpointed > 0 ? `  (${checkpointed} checkpoint(s) meanwhile)` : ''}`,
    );
    return result;
  }

  /**
   * The raw database ceiling: the statement the queue sends (bet_place_batch(), as in
   * BetRepository.stakeBatch), from bare pg clients with no application in between: one client per
   * batch the server runs at once, each sending its share of the members' stakes as one batch after
   * another (the batch shape the queue reaches under this load). Every stake must be placed.
   */
  async function raw(label: string, seconds: number): Promise<RunResult> {
    const clients = await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        const c = new pg.Client({ connectionString: created.url });
        await c.connect();
        return c;
      }),
    );
    const groups = clients.map((_, k) => members.filter((__, i) => i % IN_FLIGHT === k));
    const prefix = `${runId}-${label.replace(/\W+/g, '')}-`;
    const latencies: number[] = [];
    let seq = 0;
    const checkpoints0 = await checkpoints();
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const until = started + seconds * 1000;
    try {
      await Promise.all(
        clients.map(async (client, k) => {
          const group = groups[k]!;
          const all = <T>(v: T) => group.map(() => v);
          while (performance.now() < until) {
            const rounds = group.map(() => `${prefix}${seq++}`);
            const t0 = performance.now();
            const { rows } = await client.query<{ outcome: string }>(RAW_SQL, [
              all(MERCHANT),
              rounds.map((r) => `BET:${VENDOR}:${r}`),
              group.map((m) => m.id),
              group.map((m) => m.main),
              group.map((m) => m.hold),
              all(STAKE.toString()),
              all(VENDOR),
              all('RNG'),
              all('bench'),
              all('Bench'),
              rounds,
            ]);
            const ms = performance.now() - t0;
            if (rows.length !== group.length || rows.some((r) => r.outcome !== 'placed'))
              throw new Error(`raw batch not placed: ${JSON.stringify(rows.map((r) => r.outcome))}`);
            for (let i = 0; i < rows.length; i++) latencies.push(ms);
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    return report(label, prefix, latencies, started, cpu0, checkpoints0);
  }

  console.log(
    `bench:wallet on PostgreSQL, ${WORKERS} workers, ${SECONDS} s per run, one bet (unique round) per op, ` +
      `${IN_FLIGHT} batch(es) in flight (LEDGER_BATCHES_IN_FLIGHT)`,
  );
  const setting = async (name: 'fsync' | 'synchronous_commit') =>
    (await sql<{ setting: string }>`SELECT current_setting(${name}) AS setting`.execute(db.db)).rows[0]!
      .setting;
  console.log(
    `server: fsync=${await setting('fsync')}, synchronous_commit=${await setting('synchronous_commit')}\n`,
  );
  await run('warm-up', false, 2);
  await raw('warm-up raw', 1);
  await gatherLiveStatistics(db.db);
  const a: RunResult[] = [];
  const b: RunResult[] = [];
  const r: RunResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    a.push(await run(`A own hold (round ${round})`, false, SECONDS));
    b.push(await run(`B house (round ${round})`, true, SECONDS));
    r.push(await raw(`raw ceiling (round ${round})`, SECONDS));
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const summary = (rs: RunResult[]) =>
    `${mean(rs.map((x) => x.opsPerSec)).toFixed(0)} ops/s, p50 ${mean(rs.map((x) => x.p50)).toFixed(2)} ms, ` +
    `p99 ${mean(rs.map((x) => x.p99)).toFixed(2)} ms`;
  const aOps = mean(a.map((x) => x.opsPerSec));
  const bOps = mean(b.map((x) => x.opsPerSec));
  const rOps = mean(r.map((x) => x.opsPerSec));
  console.log(`\nA (placeBet, no shared account):       ${summary(a)}`);
  console.log(`B (same path, every bet credits HOUSE): ${summary(b)}`);
  console.log(`raw ceiling (the statement alone):      ${summary(r)}`);
  const pairs = a.map((x, i) => (b[i]!.opsPerSec / x.opsPerSec).toFixed(2)).join(', ');
  console.log(`ratio B/A: ${(bOps / aOps).toFixed(3)}   (per round: ${pairs})`);
  console.log(
    `ratio A/raw: ${(aOps / rOps).toFixed(3)}   (per round: ${a.map((x, i) => (x.opsPerSec / r[i]!.opsPerSec).toFixed(2)).join(', ')})`,
  );
  const p99 = Math.max(mean(a.map((x) => x.p99)), mean(b.map((x) => x.p99)));
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `budget: A and B >= 15000 ops/s: ${verdict(Math.min(aOps, bOps) >= 15_000)}; ` +
      `p99 <= 10 ms: ${verdict(p99 <= 10)}; B/A >= 1.0: ${verdict(bOps / aOps >= 1)}`,
  );
  const violations = await checkLedger(db.db);
  console.log(
    violations.length === 0
      ? 'ledger invariants: all hold'
      : `ledger invariants BROKEN: ${JSON.stringify(violations)}`,
  );
  if (violations.length > 0) process.exitCode = 1;
} finally {
  await db.close();
  await created.drop();
}
