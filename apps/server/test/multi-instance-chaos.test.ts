/**
 * Three server processes on one PostgreSQL behind a round-robin balancer, players playing every
 * house game and the lottery through it (the slot, the baccarat table, the card room, the fishing
 * shooter, the cockfight arena, the sportsbook and a fast lottery), while the instances are killed
 * (SIGKILL: no goodbye, leases left to expire, requests cut mid-flight), stopped (SIGTERM) and
 * started again. Nothing any instance needs lives in another's memory: a payload key fetched from
 * one opens a login sent to another, a ticket from one plays on the others, a table keeps dealing,
 * a fight, a match and a draw keep their clocks whichever instance holds their job. At the end
 * every answered bet is one bet, settled once, in its game's tables, the bet records and the
 * ledger alike, every wallet is what the games say it is, and the ledger's invariants hold.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import type { GameList } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { seedDemo } from '../src/seed/seed';
import { SportsbookClock } from '../src/modules/providers/house/sportsbook/sportsbook-clock';
import { Balancer } from './balancer';
import {
  answeredProblems,
  betClosings,
  dueButUnsettled,
  gameBetMismatches,
  memberBooks,
  settleLag,
} from './chaos-invariants';
import {
  isCut,
  newTally,
  playCards,
  playCockfight,
  playFish,
  playLottery,
  playSportsbook,
  type Answer,
} from './chaos-players';
import { encryptWith } from './crypto-client';
import { createPostgresDatabase } from './helper';

const PG = process.env.TEST_DB_KIND === 'postgres';
const MERCHANT = 'GOLDEN';
const PLAYERS = 4;
/**
 * Players at the cockfight arena. Its vendor (DS88) plays from a transfer wallet: launching it moves
 * the whole main balance there, and launching a house game brings it back, so these members play
 * nothing else (the others play every other game from their main wallet).
 */
const ARENA_PLAYERS = 2;
const PLAY_MS = 36_000;
// The games' short clocks (the servers' env): a card hand of 3 s to decide and 3 s on show; fights
// of 5 s betting, 3 s fighting, 2 s result; a football match in about 2 s; a fast draw every 10 s.
const CARDS_DECISION_SECONDS = 3;
// WARNING: a shortened sportsbook minute runs the book's clock from the start of the UTC day the
// process started (sportsbook-clock.ts): an instance restarted after midnight UTC would disagree
// with the others, so a run that straddles midnight UTC may see its bets settle late.
const SPORTSBOOK_MINUTE_MS = 20;
/** The longest a clocked game's settlement may come after its moment (sweeps run every second). */
const SETTLE_LAG_SECONDS = 15;
const SECRETS_KEY = `chaos:${randomBytes(32).toString('base64')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(PG)('three instances, killed and restarted under play', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: DbHandle;
  let balancer: Balancer;
  let base = '';
  // Below the ephemeral range (32768 and up on Linux), where the test's own many short connections
  // take their local ports: a restarted instance must find its port free.
  const first = 20_000 + Math.floor(Math.random() * 12_000);
  const ports = [first, first + 1, first + 2];
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
          CARDS_DECISION_SECONDS: String(CARDS_DECISION_SECONDS),
          COCKFIGHT_BET_SECONDS: '5',
          SPORTSBOOK_MINUTE_MS: String(SPORTSBOOK_MINUTE_MS),
          LOTTERY_FAST_SECONDS: '10',
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
      if (servers[i]?.exitCode !== null) throw new Error(`instance ${i} exited before it was ready`);
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

  /** A call through the balancer; a request a dying or closing instance did not answer is cut (isCut). */
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { merchant: MERCHANT, 'content-type': 'application/json', connection: 'close', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { success: boolean; value?: T; errorCode?: string };
      if (json.success) return { ok: true, value: json.value as T };
      // A 503 without the envelope is Fastify's own: the instance is closing (SIGTERM) and takes
      // no new request, which another instance will answer.
      return { ok: false, code: json.errorCode ?? (res.status === 503 ? 'closing' : String(res.status)) };
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
      if (!isCut(r.code)) throw new Error(`${path}: ${r.code}`);
      await sleep(200);
    }
    throw new Error(`${path}: no instance answered`);
  }

  /** A trial account (free play: play money), logged in as the site does. */
  async function login() {
    const key = await must<{ keyId: string; publicKey: string }>('GET', '/wps/session/key');
    // The key may come from one instance and the login go to another.
    const login = await must<{ token: string; id: number }>(
      'POST',
      '/wps/session/login/freeplay',
      encryptWith(key, { platform: 'W' }),
    );
    return { session: login.token, memberId: String(login.id) };
  }

  /** The URL launchGame answers: a game client's page with its launch code, or the lottery page. */
  async function launch(session: string, params: Record<string, string>): Promise<URL> {
    const query = new URLSearchParams({ language: 'EN', backUrl: '/', ...params });
    const game = await must<{ url: string }>('GET', `/wps/game/launchGame?${query}`, undefined, {
      authorization: session,
    });
    return new URL(game.url, base);
  }

  /** The game client's ticket for a launch code (X-Game-Token of its calls). */
  async function ticket(url: URL): Promise<string> {
    const code = url.searchParams.get('code')!;
    return (await must<{ token: string }>('POST', '/wps/house/ticket', { code })).token;
  }

  /** A vendor's first game of a category, from the list the site shows. */
  async function firstGame(vendor: string, gameType: string) {
    const list = await must<GameList>(
      'GET',
      `/wps/relay/GCSGAME_gameList?vassalage=${vendor}&gameType=${gameType}`,
    );
    return list.games[0]!;
  }

  async function player() {
    const { session, memberId } = await login();
    const house = async (gameCode: string) => ticket(await launch(session, { vendor: 'HOUSE', gameCode }));
    const sports = await firstGame('HOUSE', 'SPORTS');
    // A lottery launch opens the site's lottery page on the game; its calls then go with the session.
    const lottery = await launch(session, { vendor: 'LOTT', gameCode: 'lucky-28' });
    return {
      memberId,
      session,
      slot: await house('house-dragon-fortune'),
      baccarat: await house('house-baccarat'),
      fish: await house('house-ocean-king'),
      cards: await house('house-three-card-showdown'),
      sports: await house(sports.gameCode),
      lottery: {
        gameCode: lottery.searchParams.get('gameCode')!,
        vendor: lottery.searchParams.get('vendor')!,
      },
    };
  }

  async function arenaPlayer() {
    const { session, memberId } = await login();
    const arena = await firstGame('DS88', 'COCKFIGHT');
    return { memberId, cockfight: await ticket(await launch(session, { nodeId: String(arena.nodeId) })) };
  }

  it('plays every game on through kills and restarts; every bet settled once, every wallet what its games say, the ledger whole', async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => player()));
    const arena = await Promise.all(Array.from({ length: ARENA_PLAYERS }, () => arenaPlayer()));
    const members = [...players, ...arena].map((p) => p.memberId);
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
          if (!isCut(r.code)) throw new Error(`spin: ${r.code}`);
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

    const tally = newTally();
    const isStopped = () => stopped;
    const started = Date.now();
    await Promise.all([
      ...players.map(play),
      ...players.flatMap((p) => [
        playFish(call, p.fish, tally, isStopped),
        playCards(call, p.cards, p.memberId, tally, isStopped),
        playSportsbook(call, p.sports, tally, isStopped),
        playLottery(call, p.session, p.memberId, p.lottery, tally, isStopped),
      ]),
      ...arena.map((p) => playCockfight(call, p.cockfight, tally, isStopped)),
      chaos().then(async () => {
        await sleep(Math.max(0, PLAY_MS - (Date.now() - started)));
        stopped = true;
      }),
    ]);

    // Every game was played (an invariant over no bets proves nothing).
    expect(spins.size).toBeGreaterThan(50);
    expect(baccaratBets).toBeGreaterThan(0);
    expect(tally.fish.length).toBeGreaterThan(20);
    expect(tally.cards.filter((c) => c.action === 'PLAY').length).toBeGreaterThan(0);
    expect(tally.cockfight.length).toBeGreaterThan(0);
    expect(tally.sportsbook.length).toBeGreaterThan(0);
    expect(tally.lottery.length).toBeGreaterThan(0);
    console.info(
      `chaos: ${spins.size} spins, ${baccaratBets} baccarat bets, ${tally.fish.length} shots, ` +
        `${tally.cards.length} card hands, ${tally.cockfight.length} cockfight bets, ` +
        `${tally.sportsbook.length} sportsbook bets, ${tally.lottery.length} lottery slips; ` +
        `${cut + tally.cut} calls cut by a dying instance; refused ${JSON.stringify(tally.refused)}`,
    );

    // Every answered spin is exactly one stored round (a retried one was not played twice).
    const rounds = await db.db
      .selectFrom('house_round')
      .select(sql<string>`count(*)`.as('n'))
      .where('merchant_code', '=', MERCHANT)
      .where('round_id', 'not like', '%-fish-%')
      .executeTakeFirstOrThrow();
    expect(Number(rounds.n)).toBe(spins.size);

    // The games go on after the kills, all three instances up: whatever its game's clock says is
    // over (a baccarat round closed, a card hand past its decision window, a fight shown, a match
    // ended, a draw's time come) gets settled and paid, whichever instance held its job when it
    // died, and no bet of the players is left open. Polled: the sweeps run every second.
    const clocks = {
      cardsCycleMs: CARDS_DECISION_SECONDS * 2_000,
      cardsDecisionMs: CARDS_DECISION_SECONDS * 1_000,
    };
    const book = new SportsbookClock(SPORTSBOOK_MINUTE_MS);
    await expect
      .poll(
        async () =>
          Object.entries(
            await dueButUnsettled(db.db, MERCHANT, members, { ...clocks, bookNow: book.now() }),
          ).filter(([, n]) => n > 0),
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual([]);
    // ... and promptly: a job held by a killed instance moves on when its lease expires, so no
    // settlement waited for a restart or for a player to come back.
    const lag = await settleLag(db.db, MERCHANT);
    for (const [game, seconds] of Object.entries(lag)) expect(seconds, game).toBeLessThan(SETTLE_LAG_SECONDS);

    // Every answered bet is one bet in its game, settled: a retry after a cut found the bet the
    // cut request placed instead of placing another, and no cut left one half-placed.
    const answered = await answeredProblems(db.db, MERCHANT, members, tally);
    for (const [game, problems] of Object.entries(answered)) expect(problems, game).toEqual([]);

    // Every bet the games' tables know is one bet record with the same stake, state and payout,
    // and no bet record is unknown to the games: no stake was taken for nothing, no payout
    // credited that the game did not decide (once, or with another amount).
    expect(await gameBetMismatches(db.db, MERCHANT, members)).toEqual([]);

    // No bet was settled twice: each is closed by exactly one ledger entry (its settlement or its
    // void, never both: a payout and a refund of the same stake), the one its record names, and
    // everything its round moved in the member's wallets is its payout less its stake (nothing,
    // if voided). A second credit under another reference would show here.
    const closings = await betClosings(db.db, MERCHANT, members);
    expect(closings.length).toBeGreaterThan(spins.size);
    const net = (b: (typeof closings)[number]) =>
      b.status === 'SETTLED' ? BigInt(b.payout) - BigInt(b.stake) : b.status === 'VOID' ? 0n : null;
    expect(
      closings.filter(
        (b) =>
          b.closings?.length !== 1 || b.closings[0] !== b.settle_entry_id || BigInt(b.wallet_net) !== net(b),
      ),
    ).toEqual([]);

    // No money moved twice: each player's wallets (main and vendor) hold its play money plus what
    // its settled bets paid less what they staked, by the bet records and by the games' own tables
    // alike, and nothing is left in its bet hold. A settlement applied twice would show as money
    // neither explains.
    const books = await memberBooks(db.db, MERCHANT, members);
    expect(books).toHaveLength(PLAYERS + ARENA_PLAYERS);
    for (const b of books) {
      expect(b.held, JSON.stringify(b)).toBe('0');
      expect(BigInt(b.balance), JSON.stringify(b)).toBe(BigInt(b.first) + BigInt(b.bets_net));
      expect(BigInt(b.balance), JSON.stringify(b)).toBe(BigInt(b.first) + BigInt(b.games_net));
    }
    const open = await db.db
      .selectFrom('bet_record')
      .select(sql<string>`count(*)`.as('n'))
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    expect(open.n).toBe('0');
    expect(await checkLedger(db.db)).toEqual([]);
  }, 240_000);
});
