/**
 * Three server processes on one PostgreSQL behind a round-robin balancer, players spinning the
 * house slot and betting at a baccarat table through it, while the instances are killed (SIGKILL:
 * no goodbye, leases left to expire, requests cut mid-flight), stopped (SIGTERM) and started
 * again. Nothing any instance needs lives in another's memory: a payload key fetched from one
 * opens a login sent to another, a ticket from one plays on the others, a table keeps dealing
 * whichever instance holds its dealer. At the end every bet is settled once, every answered spin
 * is one stored round, and the ledger's invariants hold.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { seedDemo } from '../src/seed/seed';
import { Balancer } from './balancer';
import { encryptWith } from './crypto-client';
import { createPostgresDatabase } from './helper';

const PG = process.env.TEST_DB_KIND === 'postgres';
const MERCHANT = 'GOLDEN';
const PLAYERS = 4;
const PLAY_MS = 36_000;
const SECRETS_KEY = `chaos:${randomBytes(32).toString('base64')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(PG)('three instances, killed and restarted under play', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: DbHandle;
  let balancer: Balancer;
  let base = '';
  const ports = [0, 1, 2].map(() => 19_000 + Math.floor(Math.random() * 20_000));
  const servers: (ChildProcess | null)[] = [null, null, null];

  function start(i: number): ChildProcess {
    const child = spawn(
      process.execPath,
      ['--openssl-legacy-provider', '--import', 'tsx', 'apps/server/src/main.ts'],
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          LOG_LEVEL: 'error',
          DATABASE_URL: created.url,
          PORT: String(ports[i]),
          HOST: '127.0.0.1',
          PROVIDER_SECRETS_KEY: SECRETS_KEY,
          // A dead instance's jobs move on quickly; the games run on short clocks.
          JOB_LEASE_MS: '2000',
          BACCARAT_BET_SECONDS: '6',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    servers[i] = child;
    return child;
  }

  async function ready(i: number): Promise<void> {
    for (let n = 0; n < 300; n++) {
      const ok = await fetch(`http://127.0.0.1:${ports[i]}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(100);
    }
    throw new Error(`instance ${i} did not become ready`);
  }

  async function stop(i: number, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = servers[i];
    if (!child || child.exitCode !== null) return;
    child.kill(signal);
    await once(child, 'exit');
    servers[i] = null;
  }

  beforeAll(async () => {
    created = await createPostgresDatabase();
    db = await openDb({ kind: 'postgres', url: created.url, max: 4 });
    await migrate(db);
    await seedDemo(db.db);
    for (let i = 0; i < 3; i++) start(i);
    await Promise.all([0, 1, 2].map(ready));
    balancer = new Balancer(ports);
    base = `http://127.0.0.1:${await balancer.listen()}`;
  }, 120_000);

  afterAll(async () => {
    await balancer?.close();
    for (let i = 0; i < 3; i++) await stop(i, 'SIGTERM').catch(() => undefined);
    await db?.close();
    await created?.drop();
  });

  /** A call through the balancer; a connection cut by a dying instance answers null. */
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { merchant: MERCHANT, 'content-type': 'application/json', connection: 'close', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { success: boolean; value?: T; errorCode?: string };
      return json.success
        ? { ok: true, value: json.value as T }
        : { ok: false, code: json.errorCode ?? String(res.status) };
    } catch {
      return { ok: false, code: 'network' };
    }
  }

  async function must<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const r = await call<T>(method, path, body, headers);
      if (r.ok) return r.value;
      if (r.code !== 'network' && r.code !== 'system.db.unavailable') throw new Error(`${path}: ${r.code}`);
      await sleep(200);
    }
    throw new Error(`${path}: no instance answered`);
  }

  async function player() {
    const key = await must<{ keyId: string; publicKey: string }>('GET', '/wps/session/key');
    // The key may come from one instance and the login go to another.
    const login = await must<{ token: string }>(
      'POST',
      '/wps/session/login/freeplay',
      encryptWith(key, { platform: 'W' }),
    );
    const ticket = async (gameCode: string) => {
      const game = await must<{ url: string }>(
        'GET',
        `/wps/game/launchGame?vendor=HOUSE&gameCode=${gameCode}&language=EN&backUrl=%2F`,
        undefined,
        { authorization: login.token },
      );
      const code = new URL(game.url, base).searchParams.get('code')!;
      return (await must<{ token: string }>('POST', '/wps/house/ticket', { code })).token;
    };
    return { slot: await ticket('house-dragon-fortune'), baccarat: await ticket('house-baccarat') };
  }

  it('plays on through kills and restarts; every bet settled once, every spin one round, the ledger whole', async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => player()));
    const info = await must<{ betOptions: number[] }>('GET', '/wps/house/slot/info', undefined, {
      'x-game-token': players[0]!.slot,
    });
    const spins = new Set<string>();
    let baccaratBets = 0;
    let cut = 0;
    let stopped = false;

    const play = async (p: (typeof players)[number]) => {
      while (!stopped) {
        // A spin cut mid-flight is asked again with its request id: answered once, stored once.
        const requestId = randomUUID().replace(/-/g, '');
        for (let attempt = 0; attempt < 30; attempt++) {
          const r = await call(
            'POST',
            '/wps/house/slot/spin',
            { bet: info.betOptions[0], requestId },
            {
              'x-game-token': p.slot,
            },
          );
          if (r.ok) {
            spins.add(requestId);
            break;
          }
          if (r.code !== 'network' && r.code !== 'system.db.unavailable') throw new Error(`spin: ${r.code}`);
          cut++;
          await sleep(100);
        }
        const state = await call<{ phase: string; roundNo: number; closesAt: number; serverTime: number }>(
          'GET',
          '/wps/house/baccarat/state?table=1',
          undefined,
          { 'x-game-token': p.baccarat },
        );
        if (
          state.ok &&
          state.value.phase === 'BETTING' &&
          state.value.closesAt - state.value.serverTime > 1_500
        ) {
          const bet = await call(
            'POST',
            '/wps/house/baccarat/bet',
            {
              table: 1,
              roundNo: state.value.roundNo,
              type: 'PLAYER',
              amount: 1,
            },
            { 'x-game-token': p.baccarat },
          );
          if (bet.ok) baccaratBets++;
        }
        await sleep(150);
      }
    };

    const chaos = async () => {
      await sleep(6_000);
      await stop(0, 'SIGKILL');
      await sleep(5_000);
      start(0);
      await ready(0);
      await stop(1, 'SIGKILL');
      await sleep(5_000);
      start(1);
      await ready(1);
      await stop(2, 'SIGTERM');
      start(2);
      await ready(2);
    };

    const started = Date.now();
    await Promise.all([
      ...players.map(play),
      chaos().then(async () => {
        await sleep(Math.max(0, PLAY_MS - (Date.now() - started)));
        stopped = true;
      }),
    ]);

    expect(spins.size).toBeGreaterThan(50);
    expect(baccaratBets).toBeGreaterThan(0);
    console.info(
      `chaos: ${spins.size} spins, ${baccaratBets} baccarat bets, ${cut} calls cut by a dying instance`,
    );

    // Every answered spin is exactly one stored round (a retried one was not played twice).
    const rounds = await db.db
      .selectFrom('house_round')
      .select(sql<string>`count(*)`.as('n'))
      .where('merchant_code', '=', MERCHANT)
      .executeTakeFirstOrThrow();
    expect(Number(rounds.n)).toBe(spins.size);

    // The dealers go on after the kills: every bet is settled (once: its credit is one entry).
    await expect
      .poll(
        async () =>
          (
            await db.db
              .selectFrom('baccarat_bet')
              .select(sql<string>`count(*)`.as('n'))
              .where('status', '=', 'PENDING')
              .executeTakeFirstOrThrow()
          ).n,
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe('0');
    // No money moved twice: each player's main wallet is its play money less what its bets
    // staked plus what they paid, by the bet records (one row per bet, settled once). A
    // settlement applied twice would show as money the records do not explain.
    const wallets = await sql<{
      member_id: string;
      balance: string;
      first: string;
      staked: string;
      paid: string;
    }>`
      SELECT a.member_id, a.balance,
        (SELECT p.amount FROM ledger_posting p WHERE p.account_id = a.id ORDER BY p.id LIMIT 1) AS first,
        (SELECT coalesce(sum(r.stake), 0) FROM bet_record r
           WHERE r.member_id = a.member_id AND r.status <> 'VOID') AS staked,
        (SELECT coalesce(sum(r.payout), 0) FROM bet_record r
           WHERE r.member_id = a.member_id AND r.status = 'SETTLED') AS paid
      FROM ledger_account a JOIN member m ON m.id = a.member_id
      WHERE a.kind = 'MAIN' AND m.is_agent = 4 AND a.merchant_code = ${MERCHANT}`.execute(db.db);
    expect(wallets.rows).toHaveLength(PLAYERS);
    for (const w of wallets.rows)
      expect(BigInt(w.balance), JSON.stringify(w)).toBe(BigInt(w.first) - BigInt(w.staked) + BigInt(w.paid));
    const open = await db.db
      .selectFrom('bet_record')
      .select(sql<string>`count(*)`.as('n'))
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    expect(open.n).toBe('0');
    expect(await checkLedger(db.db)).toEqual([]);
  }, 240_000);
});
