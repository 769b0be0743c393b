import type {
  BaccaratBetResult,
  BaccaratBetType,
  BaccaratHistory,
  BaccaratInfo,
  BaccaratLobby,
  BaccaratResult,
  BaccaratState,
  LaunchGame,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BaccaratDealerService,
  DEAL_DELAY_MS,
  SWEEP_AFTER_MS,
} from '../src/modules/providers/house/baccarat/baccarat-dealer.service';
import { BaccaratRepository } from '../src/modules/providers/house/baccarat/baccarat.repository';
import {
  roundAt,
  roundTimes,
  type RoundTimes,
} from '../src/modules/providers/house/baccarat/baccarat-schedule';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { buildAppOn, buildTestApp, type TestContext } from './helper';
import { Identity, LOTUS, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const LAUNCH = '/wps/game/launchGame';
const GAME = 'house-baccarat';
/** The production schedule (no BACCARAT_BET_SECONDS in the test config). */
const S = { betSeconds: 15, resultSeconds: 10, tables: 3 };
const B = '/wps/house/baccarat';

let t: TestContext;
let id: Identity;
let now = 0;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  // Only Date is faked (timers run): the clock moves when a test says so, always forward.
  now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const setNow = (ms: number) => {
  expect(ms).toBeGreaterThanOrEqual(now);
  now = ms;
  vi.setSystemTime(now);
};
/** Moves the clock into the betting window of the table's next round (`into` ms after it opens). */
const toBetting = (tableId: number, into = 1000): RoundTimes => {
  const next = roundTimes(S, tableId, roundAt(S, tableId, now).roundNo + 1);
  setNow(next.opensAt + into);
  return next;
};
/** Moves the clock past the round's "no more bets", when it is dealt. */
const toResult = (r: RoundTimes) => setNow(Math.max(now, r.closesAt + DEAL_DELAY_MS + 100));

const game = (token: string) => ({ headers: { 'x-game-token': token } });
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const fund = (username: string, amount: string) => id.credit(username, amount, ADMIN_KEY);

async function launch(sessionToken: string, host?: string): Promise<string> {
  const l = await id.ok<LaunchGame>(`${LAUNCH}?vendor=HOUSE&gameCode=${GAME}`, {
    token: sessionToken,
    ...(host ? { host } : {}),
  });
  expect(l.url).toMatch(/^\/play\/baccarat\?token=[0-9a-f]{64}&lang=en/);
  return tokenOf(l.url);
}

const bet = (
  ticket: string,
  table: number,
  roundNo: number,
  type: BaccaratBetType,
  amount: number | string,
) => id.ok<BaccaratBetResult>(`${B}/bet`, { ...game(ticket), body: { table, roundNo, type, amount } });
const state = (ticket: string, table: number) =>
  id.ok<BaccaratState>(`${B}/state?table=${table}`, game(ticket));
const mainBalance = async (m: NewMember) =>
  (await id.ok<{ mainBalance: number }>('/wps/v2/wallets/balance', { token: m.token })).mainBalance;

/** What a bet pays back in minor units, stake included: the published pays, written out independently. */
function expectedPayout(type: BaccaratBetType, stake: number, r: BaccaratResult): number {
  switch (type) {
    case 'PLAYER':
      return r.outcome === 'PLAYER' ? 2 * stake : r.outcome === 'TIE' ? stake : 0;
    case 'BANKER':
      return r.outcome === 'BANKER' ? stake + (stake * 95) / 100 : r.outcome === 'TIE' ? stake : 0;
    case 'TIE':
      return r.outcome === 'TIE' ? 9 * stake : 0;
    case 'PLAYER_PAIR':
      return r.playerPair ? 12 * stake : 0;
    case 'BANKER_PAIR':
      return r.bankerPair ? 12 * stake : 0;
  }
}

const CARD_VALUE: Record<string, number> = { A: 1, T: 0, J: 0, Q: 0, K: 0 };
const total = (cards: string[]) => cards.reduce((s, c) => s + (CARD_VALUE[c[0]!] ?? Number(c[0])), 0) % 10;

describe('house baccarat: launch and facts', () => {
  it('launches on /play/baccarat; info has the tables, chips, limits, pays and exact house edges', async () => {
    const m = await id.registerGolden();
    await fund(m.username, '50.00');
    const ticket = await launch(m.token);
    const info = await id.ok<BaccaratInfo>(`${B}/info`, game(ticket));
    expect(info).toMatchObject({
      gameCode: GAME,
      vendor: 'HOUSE',
      balance: 50,
      tables: [1, 2, 3],
      commissionPercent: 5,
      decks: 8,
      betSeconds: 15,
      roundSeconds: 25,
      stakeStep: 1,
    });
    const edge = Object.fromEntries(info.bets.map((b) => [b.type, b.houseEdge]));
    expect(edge).toEqual({ PLAYER: 1.24, BANKER: 1.06, TIE: 14.36, PLAYER_PAIR: 10.36, BANKER_PAIR: 10.36 });
    expect(info.bets.find((b) => b.type === 'BANKER')).toMatchObject({ pays: '0.95:1', rtp: 98.94 });
    expect(info.limits.find((l) => l.type === 'BANKER')).toEqual({ type: 'BANKER', min: 1, max: 5000 });
  });

  it('the lobby shows every table with its round, phase, countdown and roads', async () => {
    const m = await id.registerGolden();
    const ticket = await launch(m.token);
    const lobby = await id.ok<BaccaratLobby>(`${B}/tables`, game(ticket));
    expect(lobby.tables.map((x) => x.tableId)).toEqual([1, 2, 3]);
    for (const table of lobby.tables) {
      expect(table.serverTime).toBe(now);
      expect(table.closesAt - table.opensAt).toBe(15_000);
      expect(table.nextOpensAt - table.opensAt).toBe(25_000);
      expect(['BETTING', 'DEALING', 'RESULT']).toContain(table.phase);
    }
  });
});

describe('house baccarat: a round', () => {
  it('bets debit at once, a repeat moves nothing, the round is dealt once after betting closes and each bet is settled by the rules', async () => {
    const m = await id.registerGolden();
    await fund(m.username, '100.00');
    const ticket = await launch(m.token);
    const round = toBetting(1);
    const open = await state(ticket, 1);
    expect(open).toMatchObject({ roundNo: round.roundNo, phase: 'BETTING', result: null, myBets: [] });

    const stakes: [BaccaratBetType, number][] = [
      ['PLAYER', 10],
      ['BANKER', 20],
      ['TIE', 2],
      ['PLAYER_PAIR', 1],
      ['BANKER_PAIR', 1],
    ];
    let last: BaccaratBetResult | undefined;
    for (const [type, amount] of stakes) last = await bet(ticket, 1, round.roundNo, type, amount);
    expect(last!.balance).toBe(66);
    expect(last!.myBets.map((b) => [b.type, b.stake, b.status])).toEqual(
      stakes.map(([type, amount]) => [type, amount, 'PLACED']),
    );
    // A double click or a retried request: the same bet, no more money.
    const [again1, again2] = await Promise.all([
      bet(ticket, 1, round.roundNo, 'PLAYER', 10),
      bet(ticket, 1, round.roundNo, 'PLAYER', '10.00'),
    ]);
    expect(again1!.balance).toBe(66);
    expect(again2!.myBets).toHaveLength(5);
    expect(await mainBalance(m)).toBe(66);
    expect(await id.count('baccarat_bet')).toBeGreaterThanOrEqual(5);

    // Betting closed, cards not drawn yet ("no more bets"): a bet is refused, nothing moves.
    setNow(round.closesAt + 10);
    expect((await state(ticket, 1)).phase).toBe('DEALING');
    await id.fails(
      `${B}/bet`,
      { ...game(ticket), body: { table: 1, roundNo: round.roundNo, type: 'TIE', amount: 1 } },
      409,
      'baccarat.betting.closed',
    );

    toResult(round);
    const done = await state(ticket, 1);
    expect(done.phase).toBe('RESULT');
    const r = done.result!;
    expect(r).not.toBeNull();
    expect(r.playerCards.length + r.bankerCards.length).toBeGreaterThanOrEqual(4);
    expect(total(r.playerCards)).toBe(r.playerTotal);
    expect(total(r.bankerCards)).toBe(r.bankerTotal);
    expect(r.outcome).toBe(
      r.playerTotal > r.bankerTotal ? 'PLAYER' : r.bankerTotal > r.playerTotal ? 'BANKER' : 'TIE',
    );
    const paid = stakes.reduce((s, [type, amount]) => s + expectedPayout(type, amount * 100, r), 0);
    expect(done.myBets.every((b) => b.status === 'SETTLED')).toBe(true);
    for (const [type, amount] of stakes) {
      expect(done.myBets.find((b) => b.type === type)!.payout).toBe(
        expectedPayout(type, amount * 100, r) / 100,
      );
    }
    expect(done.balance).toBeCloseTo(66 + paid / 100, 2);
    // Asked again (another player, another instance): the same cards.
    expect((await state(ticket, 1)).result).toEqual(r);
    expect(await mainBalance(m)).toBeCloseTo(66 + paid / 100, 2);

    // Turnover: a push on player/banker counts nothing; player 10 against banker 20 is covered, so
    // only the banker's 10 more counts; the other spots count their stake.
    const records = await t.db.db
      .selectFrom('bet_record')
      .select(['stake', 'valid_bet', 'payout', 'status', 'game_code'])
      .where('member_id', '=', m.id)
      .execute();
    expect(records).toHaveLength(5);
    expect(records.every((x) => x.status === 'SETTLED' && x.game_code === GAME)).toBe(true);
    expect(records.map((x) => [x.stake, x.valid_bet]).sort()).toEqual(
      (r.outcome === 'TIE'
        ? [
            ['1000', '0'],
            ['2000', '0'],
            ['200', '200'],
            ['100', '100'],
            ['100', '100'],
          ]
        : [
            ['1000', '0'],
            ['2000', '1000'],
            ['200', '200'],
            ['100', '100'],
            ['100', '100'],
          ]
      ).sort(),
    );

    // The next round's state shows this one as the previous result and in the roads.
    toBetting(1);
    const next = await state(ticket, 1);
    expect(next.previous).toEqual(r);
    expect(next.roads.bead.length).toBeGreaterThanOrEqual(1);
    expect(next.roads.bead.at(-1)!.outcome).toBe(r.outcome);
    expect(next.roads.counts.PLAYER + next.roads.counts.BANKER + next.roads.counts.TIE).toBe(
      next.roads.bead.length,
    );

    const history = await id.ok<BaccaratHistory>(`${B}/history`, game(ticket));
    expect(history.list).toHaveLength(1);
    expect(history.list[0]).toMatchObject({ tableId: 1, roundNo: round.roundNo, result: r, totalStake: 34 });
    expect(history.list[0]!.totalPayout).toBeCloseTo(paid / 100, 2);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('history recalls the last 10 rounds the player bet on, newest first, over several tables', async () => {
    const m = await id.registerGolden();
    await fund(m.username, '100.00');
    const ticket = await launch(m.token);
    const rounds: number[] = [];
    for (let i = 0; i < 11; i++) {
      const table = (i % 3) + 1;
      const r = toBetting(table);
      await bet(ticket, table, r.roundNo, 'BANKER', 1);
      rounds.push(r.roundNo);
      toResult(r);
      await state(ticket, table);
    }
    const history = await id.ok<BaccaratHistory>(`${B}/history`, game(ticket));
    expect(history.list).toHaveLength(10);
    expect(history.list.map((h) => h.roundNo)).toEqual(rounds.slice(1).reverse());
    expect(history.list.every((h) => h.result !== null && h.totalPayout !== null)).toBe(true);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('trial accounts play with play money', async () => {
    const trial = (await id.freePlay()).token;
    const ticket = await launch(trial);
    expect((await id.ok<BaccaratInfo>(`${B}/info`, game(ticket))).balance).toBe(2000);
    const r = toBetting(2);
    const placed = await bet(ticket, 2, r.roundNo, 'PLAYER', 100);
    expect(placed.balance).toBe(1900);
    toResult(r);
    const done = await state(ticket, 2);
    expect(done.balance).toBeCloseTo(1900 + expectedPayout('PLAYER', 10_000, done.result!) / 100, 2);
  });
});

describe('house baccarat: refused calls move nothing', () => {
  it('bad tickets, tables, amounts, limits, rounds, spots and balances get clear errors', async () => {
    const m = await id.registerGolden();
    await fund(m.username, '30.00');
    const ticket = await launch(m.token);
    const slotTicket = tokenOf(
      (await id.ok<LaunchGame>(`${LAUNCH}?vendor=HOUSE&gameCode=house-dragon-fortune`, { token: m.token }))
        .url,
    );
    const r = toBetting(3);
    const entries = await id.count('ledger_entry');
    const bets = await id.count('baccarat_bet');
    const send = (body: Record<string, unknown>, tk = ticket) => ({ ...game(tk), body });
    const ok = { table: 3, roundNo: r.roundNo, type: 'PLAYER', amount: 5 };

    for (const path of ['info', 'tables', 'state?table=1', 'history']) {
      await id.fails(`${B}/${path}`, {}, 401, 'game.token.invalid');
      await id.fails(`${B}/${path}`, game('f'.repeat(64)), 401, 'game.token.invalid');
      // A ticket of another game, or of this game on another brand, is no ticket here.
      await id.fails(`${B}/${path}`, game(slotTicket), 401, 'game.token.invalid');
      await id.fails(`${B}/${path}`, { ...game(ticket), host: LOTUS }, 401, 'game.token.invalid');
    }
    await id.fails(`${B}/bet`, send(ok, slotTicket), 401, 'game.token.invalid');
    await id.fails(`${B}/state?table=9`, game(ticket), 404, 'baccarat.table.unknown');
    await id.fails(`${B}/state?table=x`, game(ticket), 400, 'request.invalid');
    await id.fails(`${B}/bet`, send({ ...ok, table: 4 }), 404, 'baccarat.table.unknown');
    await id.fails(`${B}/bet`, send({ ...ok, type: 'DRAGON' }), 400, 'request.invalid');
    await id.fails(`${B}/bet`, send({ ...ok, amount: undefined }), 400, 'request.invalid');
    await id.fails(`${B}/bet`, send({ ...ok, roundNo: -1 }), 400, 'request.invalid');
    for (const amount of [0, -5, 0.5, 1.5, '2.345', '1e2', 'abc'])
      await id.fails(`${B}/bet`, send({ ...ok, amount }), 400, 'game.bet.invalid');
    const limit = await id.fails(`${B}/bet`, send({ ...ok, amount: 5001 }), 400, 'baccarat.bet.limit');
    expect(limit.message).toContain('1.00');
    expect(limit.message).toContain('5000.00');
    await id.fails(`${B}/bet`, send({ ...ok, type: 'TIE', amount: 1001 }), 400, 'baccarat.bet.limit');
    await id.fails(`${B}/bet`, send({ ...ok, type: 'BANKER_PAIR', amount: 501 }), 400, 'baccarat.bet.limit');
    // Another round than the open one (a stale screen) is not bet on.
    await id.fails(`${B}/bet`, send({ ...ok, roundNo: r.roundNo - 1 }), 409, 'baccarat.betting.closed');
    await id.fails(`${B}/bet`, send({ ...ok, roundNo: r.roundNo + 1 }), 409, 'baccarat.betting.closed');
    await id.fails(`${B}/bet`, send({ ...ok, amount: 31 }), 400, 'wallet.insufficient');
    expect(await id.count('ledger_entry')).toBe(entries);
    expect(await id.count('baccarat_bet')).toBe(bets);
    expect(await mainBalance(m)).toBe(30);

    // The refused spot is free again; once bet, another amount on it is refused.
    await bet(ticket, 3, r.roundNo, 'PLAYER', 5);
    const after = await id.count('ledger_entry');
    await id.fails(`${B}/bet`, send({ ...ok, amount: 6 }), 409, 'baccarat.bet.placed');
    setNow(r.closesAt);
    await id.fails(`${B}/bet`, send({ ...ok, type: 'BANKER' }), 409, 'baccarat.betting.closed');
    expect(await id.count('ledger_entry')).toBe(after);
    expect(await mainBalance(m)).toBe(25);
    const messages = await id.send(`${B}/bet`, { ...send({ ...ok, type: 'BANKER' }), lang: 'cn' });
    expect(messages.body.message).toMatch(/投注/);
    toResult(r);
    await state(ticket, 3);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe('house baccarat: many players, one shared round, two server instances', () => {
  it('every bet is debited once and settled once from one draw; the ledger balances and each balance matches a tally', async () => {
    const PLAYERS = 20;
    const second: FastifyInstance = await buildAppOn(t.db, { ADMIN_API_KEY: ADMIN_KEY });
    try {
      const members = await Promise.all(Array.from({ length: PLAYERS }, () => id.registerGolden()));
      for (const m of members) await fund(m.username, '200.00');
      const tickets = await Promise.all(members.map((m) => launch(m.token)));
      const r = toBetting(2, 2000);
      const types: BaccaratBetType[] = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'];
      const plan = members.map((_, i) =>
        types
          .filter((_, k) => (i + k) % 2 === 0 || k === i % 5)
          .map((type, k) => ({ type, amount: 1 + ((i + k) % 7) })),
      );
      const apps = [t.app, second];
      const sendBet = (i: number, b: { type: BaccaratBetType; amount: number }, n: number) =>
        apps[n % 2]!.inject({
          method: 'POST',
          url: `${B}/bet`,
          headers: { host: 'localhost', 'x-game-token': tickets[i]! },
          payload: { table: 2, roundNo: r.roundNo, ...b },
        });
      // Every bet twice, on both instances at once (a retry racing its original).
      const replies = await Promise.all(
        plan.flatMap((bets, i) => bets.flatMap((b, k) => [sendBet(i, b, k), sendBet(i, b, k + 1)])),
      );
      for (const res of replies) expect(res.statusCode, res.body).toBe(200);

      // Betting closes; both instances (and their dealer jobs) race to deal and settle.
      toResult(r);
      const states = await Promise.all(
        tickets.map((tk, i) =>
          apps[i % 2]!.inject({
            method: 'GET',
            url: `${B}/state?table=2`,
            headers: { host: 'localhost', 'x-game-token': tk },
          }),
        ),
      );
      const results = states.map((s) => (s.json() as { value: BaccaratState }).value.result);
      const result = results[0]!;
      expect(result).not.toBeNull();
      for (const x of results) expect(x).toEqual(result);

      const rounds = await t.db.db
        .selectFrom('baccarat_round')
        .selectAll()
        // The dealers deal every brand's tables: this round is GOLDEN's.
        .where('merchant_code', '=', 'GOLDEN')
        .where('table_id', '=', 2)
        .where('round_no', '=', String(r.roundNo))
        .execute();
      expect(rounds).toHaveLength(1);
      const bets = await t.db.db
        .selectFrom('baccarat_bet')
        .selectAll()
        .where('table_id', '=', 2)
        .where('round_no', '=', String(r.roundNo))
        .execute();
      expect(bets).toHaveLength(plan.flat().length);
      expect(bets.every((b) => b.status === 'SETTLED')).toBe(true);
      const records = await t.db.db
        .selectFrom('bet_record')
        .select(['round_id', 'status'])
        .where(
          'round_id',
          'in',
          bets.map((b) => b.transaction_id),
        )
        .execute();
      expect(records).toHaveLength(bets.length);
      expect(records.every((x) => x.status === 'SETTLED')).toBe(true);

      for (const [i, m] of members.entries()) {
        const tally = plan[i]!.reduce(
          (s, b) => s - b.amount * 100 + expectedPayout(b.type, b.amount * 100, result),
          20_000,
        );
        expect(await mainBalance(m)).toBeCloseTo(tally / 100, 2);
      }
      expect(await checkLedger(t.db.db)).toEqual([]);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('a round dealt but left unsettled (a dealer that stopped) is settled by the sweeper', async () => {
    const m = await id.registerGolden();
    await fund(m.username, '20.00');
    const ticket = await launch(m.token);
    const r = toBetting(1);
    await bet(ticket, 1, r.roundNo, 'BANKER', 10);
    // A dealer that draws the cards and stops before settling (its process died).
    // (Before "no more bets" is over, so the app's own dealer has not dealt it yet.)
    const stopped = new BaccaratDealerService(new BaccaratRepository(t.db.db), null as never, S);
    setNow(r.closesAt + 10);
    const dealt = await stopped.deal('GOLDEN', 1, r.roundNo);
    expect(dealt.result).not.toBeNull();
    const pending = await t.db.db
      .selectFrom('baccarat_bet')
      .select('status')
      .where('member_id', '=', m.id)
      .execute();
    expect(pending.map((p) => p.status)).toEqual(['PENDING']);
    // Much later (nobody looks at this table's old round); the app's dealer sweeps it.
    setNow(r.closesAt + SWEEP_AFTER_MS + 20_000);
    await expect
      .poll(
        async () =>
          (
            await t.db.db.selectFrom('baccarat_bet').select('status').where('member_id', '=', m.id).execute()
          )[0]!.status,
        { timeout: 5000, interval: 100 },
      )
      .toBe('SETTLED');
    const history = await id.ok<BaccaratHistory>(`${B}/history`, game(ticket));
    const expected = expectedPayout('BANKER', 1000, history.list[0]!.result!);
    expect(history.list[0]!.totalPayout).toBeCloseTo(expected / 100, 2);
    expect(await mainBalance(m)).toBeCloseTo(10 + expected / 100, 2);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
