import { randomBytes } from 'node:crypto';
import type {
  GameList,
  LaunchGame,
  SportsbookBet,
  SportsbookBetResult,
  SportsbookBets,
  SportsbookInfo,
  SportsbookMatch,
  SportsbookMatches,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SportsbookClock } from '../src/modules/providers/house/sportsbook/sportsbook-clock';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { buildTestApp, type TestContext } from './helper';
import { ticketOf } from './game-ticket';
import { Identity, type NewMember } from './identity-client';
import { sweeper } from './sportsbook-sweep';

/**
 * The house sportsbook through its HTTP calls, on a clock the test moves: fixtures in the brand's
 * time zone, placing singles and parlays (good and bad input, odds changes, retries), cash-out,
 * settlement by the sweeper with an independent tally, void matches, trial accounts, and (on
 * PostgreSQL) many players betting on one match while several sweepers settle it.
 */

const ADMIN_KEY = 'test-admin-key-0123456789';
const PG = process.env.TEST_DB_KIND === 'postgres';
const LAUNCH = '/wps/game/launchGame';
const INFO = '/wps/house/sportsbook/info';
const MATCHES = '/wps/house/sportsbook/matches';
const BET = '/wps/house/sportsbook/bet';
const BETS = '/wps/house/sportsbook/bets';
const CASHOUT = '/wps/house/sportsbook/cashout';
/** 2026-03-10 08:00 in Manila (the GOLDEN brand's zone): the day's first matches start at 11:00. */
const MORNING = Date.UTC(2026, 2, 10, 0, 0);
const MIN = 60_000;
const DAY = 86_400_000;

let t: TestContext;
let id: Identity;
let codes: { SPORTS: string; ESPORTS: string };
let time = MORNING;
let sweep: () => Promise<void>;

function setTime(ms: number) {
  time = ms;
  t.services.providers.sportsbook.clock = new SportsbookClock(60_000, () => time);
}

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  setTime(MORNING);
  sweep = sweeper(t);
  const code = async (gameType: string) =>
    (await id.ok<GameList>(`/wps/relay/GCSGAME_gameList?vassalage=HOUSE&gameType=${gameType}`)).games[0]!
      .gameCode;
  codes = { SPORTS: await code('SPORTS'), ESPORTS: await code('ESPORTS') };
});
afterAll(async () => {
  await t?.close();
});

const rid = () => `sb${randomBytes(8).toString('hex')}`;
const game = (token: string) => ({ headers: { 'x-game-token': token } });
const tokenOf = (url: string) => ticketOf(t.app, url);

async function launch(m: { token: string }, gameType: 'SPORTS' | 'ESPORTS' = 'SPORTS'): Promise<string> {
  const l = await id.ok<LaunchGame>(`${LAUNCH}?vendor=HOUSE&gameCode=${codes[gameType]}`, { token: m.token });
  expect(l.url).toMatch(/^\/play\/sports\?code=/);
  return await tokenOf(l.url);
}

async function funded(amount = '1000.00'): Promise<NewMember> {
  const m = await id.registerGolden();
  await id.credit(m.username, amount, ADMIN_KEY);
  return m;
}

const balanceOf = async (ticket: string) => (await id.ok<SportsbookInfo>(INFO, game(ticket))).balance;
const matches = async (ticket: string) => (await id.ok<SportsbookMatches>(MATCHES, game(ticket))).matches;
const entries = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('ledger_entry')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function pick(match: SportsbookMatch, market: string, p: string, line?: number) {
  const m = match.markets.find((x) => x.market === market && x.line === line);
  if (!m) throw new Error(`no ${market} in ${JSON.stringify(match)}`);
  return {
    fixtureId: match.id,
    market,
    pick: p,
    odds: m.outcomes.find((o) => o.pick === p)!.odds,
    ...(line === undefined ? {} : { line }),
  };
}

const place = (ticket: string, body: Record<string, unknown>) =>
  id.send<SportsbookBetResult>(BET, { ...game(ticket), body: { requestId: rid(), ...body } });

/** Independent check of a 1X2 single: the final score from the database, payout = stake × odds. */
async function expectedPayout(bet: SportsbookBet): Promise<number> {
  const leg = bet.legs[0]!;
  const f = await t.db.db
    .selectFrom('sportsbook_fixture')
    .select(['final_home', 'final_away', 'status'])
    .where('merchant_code', '=', 'GOLDEN')
    .where('fixture_id', '=', leg.fixtureId)
    .executeTakeFirstOrThrow();
  expect(f.status).toBe('FINISHED');
  const result = f.final_home! > f.final_away! ? 'HOME' : f.final_home! < f.final_away! ? 'AWAY' : 'DRAW';
  return leg.pick === result
    ? Math.floor((Math.round(bet.stake * 100) * Math.round(leg.odds * 100)) / 100) / 100
    : 0;
}

describe('sportsbook: launch, info and fixtures', () => {
  it('launches both game types on the sportsbook client; info names the sport, limits and margins', async () => {
    const m = await funded();
    const football = await id.ok<SportsbookInfo>(INFO, game(await launch(m)));
    expect(football).toMatchObject({
      sport: 'FOOTBALL',
      balance: 1000,
      timeZone: 'Asia/Manila',
      minStake: 1,
      maxParlayLegs: 10,
    });
    expect(football.margins.map((x) => x.market)).toEqual(['MATCH_RESULT', 'HANDICAP', 'TOTAL_GOALS']);
    for (const x of football.margins) expect(x.rtp + x.margin).toBeCloseTo(100, 6);
    const esports = await id.ok<SportsbookInfo>(INFO, game(await launch(m, 'ESPORTS')));
    expect(esports.sport).toBe('ESPORTS');
    expect(esports.margins.map((x) => x.market)).toEqual(['MATCH_WINNER', 'MAP_HANDICAP', 'TOTAL_MAPS']);
  });

  it('refuses a missing, unknown or other-game ticket', async () => {
    await id.fails(INFO, {}, 401, 'game.token.invalid');
    await id.fails(MATCHES, game('ab'.repeat(32)), 401, 'game.token.invalid');
    const m = await funded();
    const l = await id.ok<LaunchGame>(`${LAUNCH}?vendor=HOUSE&gameCode=house-dragon-fortune`, {
      token: m.token,
    });
    await id.fails(INFO, game(await tokenOf(l.url)), 401, 'game.token.invalid');
  });

  it('lists the day’s fixtures at local kick-off times, with 1X2, handicap and over/under odds', async () => {
    const ticket = await launch(await funded());
    const list = await matches(ticket);
    expect(list.length).toBeGreaterThan(5);
    const slots = ['12:00', '13:30', '15:00', '16:30', '18:00', '19:30', '20:45', '22:00'];
    for (const mt of list) {
      expect(mt.status).toBe('PRE_MATCH');
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Manila',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(mt.kickOff));
      expect(slots).toContain(local);
      expect(mt.markets.map((x) => x.key)).toEqual(
        expect.arrayContaining(['MATCH_RESULT', 'HANDICAP/-1.5', 'TOTAL_GOALS/2.5']),
      );
      const oneXTwo = mt.markets.find((x) => x.key === 'MATCH_RESULT')!;
      const overround = oneXTwo.outcomes.reduce((s, o) => s + 1 / o.odds, 0);
      expect(overround).toBeGreaterThan(1.04);
      expect(overround).toBeLessThan(1.08);
    }
    // Stored once: a second listing answers the same fixtures and odds.
    expect((await matches(ticket)).map((x) => [x.id, x.markets[0]!.outcomes[0]!.odds])).toEqual(
      list.map((x) => [x.id, x.markets[0]!.outcomes[0]!.odds]),
    );
    const esports = await matches(await launch(await funded(), 'ESPORTS'));
    expect(esports.every((x) => x.game === 'MOBA' || x.game === 'FPS')).toBe(true);
    expect(esports[0]!.markets.map((x) => x.market)).toEqual([
      'MATCH_WINNER',
      'MAP_HANDICAP',
      'MAP_HANDICAP',
      'TOTAL_MAPS',
    ]);
  });
});

describe('sportsbook: placing bets', () => {
  it('places a single: the stake is debited once, the bet is open with a cash-out offer; a retry answers the same bet', async () => {
    setTime(MORNING);
    const ticket = await launch(await funded());
    const [first] = await matches(ticket);
    const requestId = rid();
    const body = { requestId, stake: 10, legs: [pick(first!, 'MATCH_RESULT', 'HOME')] };
    const before = await entries();
    const r = await id.ok<SportsbookBetResult>(BET, { ...game(ticket), body });
    expect(r.balance).toBe(990);
    expect(r.bet).toMatchObject({ kind: 'SINGLE', stake: 10, status: 'OPEN', payout: null });
    expect(r.bet.potentialPayout).toBe(Math.floor(1000 * r.bet.odds) / 100);
    expect(r.bet.cashOut).toBeGreaterThan(0);
    expect(r.bet.cashOut).toBeLessThan(10);
    const again = await id.ok<SportsbookBetResult>(BET, { ...game(ticket), body });
    expect(again.bet.betId).toBe(r.bet.betId);
    expect(again.balance).toBe(990);
    expect(await entries()).toBe(before + 1);
    await id.fails(BET, { ...game(ticket), body: { ...body, stake: 11 } }, 409, 'wallet.reference.conflict');
    const bets = await id.ok<SportsbookBets>(BETS, game(ticket));
    expect(bets.open.map((b) => b.betId)).toEqual([r.bet.betId]);
    expect(bets.history.map((b) => b.betId)).toEqual([r.bet.betId]);
  });

  it('refuses bad bets with a clear code and moves nothing', async () => {
    setTime(MORNING);
    const ticket = await launch(await funded('50.00'));
    const [a, b] = await matches(ticket);
    const good = pick(a!, 'MATCH_RESULT', 'DRAW');
    const before = await entries();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ stake: 0.5, legs: [good] }, 400, 'sportsbook.stake.invalid'],
      [{ stake: 20_000, legs: [good] }, 400, 'sportsbook.stake.invalid'],
      [{ stake: '1.005', legs: [good] }, 400, 'sportsbook.stake.invalid'],
      [{ stake: 60, legs: [good] }, 400, 'wallet.insufficient'],
      [{ stake: 1, legs: [] }, 400, 'request.invalid'],
      [{ stake: 1, legs: [{ ...good, fixtureId: 'FB1-20990101-1' }] }, 400, 'sportsbook.bet.invalid'],
      [
        { stake: 1, legs: [{ ...good, market: 'MATCH_WINNER', pick: 'HOME' }] },
        400,
        'sportsbook.bet.invalid',
      ],
      [
        { stake: 1, legs: [{ ...good, market: 'HANDICAP', line: 2.5, pick: 'HOME' }] },
        400,
        'sportsbook.bet.invalid',
      ],
      [
        { stake: 1, legs: [{ ...good, market: 'TOTAL_GOALS', line: 2.5, pick: 'HOME' }] },
        400,
        'sportsbook.bet.invalid',
      ],
      [{ stake: 1, legs: [good, pick(a!, 'TOTAL_GOALS', 'OVER', 2.5)] }, 400, 'sportsbook.bet.invalid'],
      [{ stake: 1, legs: [{ ...good, odds: good.odds + 0.5 }] }, 409, 'sportsbook.odds.changed'],
      [
        { stake: 1, legs: [{ ...good, odds: good.odds + 0.5 }], acceptBetterOdds: true },
        409,
        'sportsbook.odds.changed',
      ],
      [{ stake: 1, legs: [{ ...good, odds: good.odds - 0.1 }] }, 409, 'sportsbook.odds.changed'],
      [{ stake: 1, legs: [good], requestId: 'bad id!' }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) {
      const f = await id.fails(BET, { ...game(ticket), body: { requestId: rid(), ...body } }, status, code);
      if (code === 'sportsbook.odds.changed') expect(f.value).toEqual({ odds: [good.odds] });
    }
    expect(await entries()).toBe(before);
    expect(await balanceOf(ticket)).toBe(50);
    expect((await id.ok<SportsbookBets>(BETS, game(ticket))).history).toEqual([]);
    // A football ticket cannot bet on an esports match.
    const es = (await matches(await launch(await funded(), 'ESPORTS')))[0]!;
    await id.fails(
      BET,
      { ...game(ticket), body: { requestId: rid(), stake: 1, legs: [pick(es, 'MATCH_WINNER', 'HOME')] } },
      400,
      'sportsbook.bet.invalid',
    );
    // Lower odds than offered, with "accept better odds": placed at the odds now.
    const better = await id.ok<SportsbookBetResult>(BET, {
      ...game(ticket),
      body: {
        requestId: rid(),
        stake: 1,
        acceptBetterOdds: true,
        legs: [{ ...good, odds: good.odds - 0.1 }],
      },
    });
    expect(better.bet.legs[0]!.odds).toBe(good.odds);
    void b;
  });

  it('a parlay multiplies the odds; kick-off closes pre-match prices (live odds move)', async () => {
    setTime(MORNING);
    const ticket = await launch(await funded());
    const [a, b] = await matches(ticket);
    const r = await id.ok<SportsbookBetResult>(BET, {
      ...game(ticket),
      body: {
        requestId: rid(),
        stake: 5,
        legs: [pick(a!, 'TOTAL_GOALS', 'OVER', 1.5), pick(b!, 'HANDICAP', 'HOME', 0.5)],
      },
    });
    expect(r.bet.kind).toBe('PARLAY');
    expect(r.bet.odds).toBeCloseTo(r.bet.legs[0]!.odds * r.bet.legs[1]!.odds, 9);
    // 30 minutes into a's match the pre-match odds are gone: refused with the live odds (or closed).
    setTime(new Date(a!.kickOff).getTime() + 30 * MIN);
    const stale = pick(a!, 'MATCH_RESULT', 'AWAY');
    const res = await place(ticket, { stake: 1, legs: [stale] });
    expect(res.status).toBe(409);
    expect(['sportsbook.odds.changed', 'sportsbook.market.closed']).toContain(res.body.errorCode);
    const live = (await matches(ticket)).find((x) => x.id === a!.id)!;
    expect(live.status).toBe('LIVE');
    expect(live.minute).toBe(30);
    expect(live.score).not.toBeNull();
    setTime(MORNING);
  });
});

describe('sportsbook: settlement, cash-out and void', () => {
  it('settles singles when the match ends, once, with an independent tally of the balance', async () => {
    setTime(MORNING);
    const ticket = await launch(await funded('100.00'));
    const [a] = await matches(ticket);
    const placed: SportsbookBet[] = [];
    for (const p of ['HOME', 'DRAW', 'AWAY']) {
      placed.push(
        (
          await id.ok<SportsbookBetResult>(BET, {
            ...game(ticket),
            body: { requestId: rid(), stake: 10, legs: [pick(a!, 'MATCH_RESULT', p)] },
          })
        ).bet,
      );
    }
    expect(await balanceOf(ticket)).toBe(70);
    // Live: the score moves; the bets stay open.
    setTime(new Date(a!.kickOff).getTime() + 50 * MIN);
    await sweep();
    expect((await id.ok<SportsbookBets>(BETS, game(ticket))).open).toHaveLength(3);
    setTime(new Date(a!.kickOff).getTime() + 106 * MIN);
    await sweep();
    await sweep();
    const bets = await id.ok<SportsbookBets>(BETS, game(ticket));
    expect(bets.open).toEqual([]);
    let tally = 70;
    for (const b of placed) {
      const settled = bets.history.find((h) => h.betId === b.betId)!;
      const expected = await expectedPayout(b);
      expect(settled.payout).toBeCloseTo(expected, 2);
      expect(settled.status).toBe(expected > 0 ? 'WON' : 'LOST');
      expect(settled.legs[0]!.status).toBe(expected > 0 ? 'WON' : 'LOST');
      tally += expected;
    }
    expect(bets.history.filter((h) => h.status === 'WON')).toHaveLength(1);
    expect(await balanceOf(ticket)).toBeCloseTo(tally, 2);
    expect(await checkLedger(t.db.db)).toEqual([]);
    setTime(MORNING);
  });

  it('cash-out pays the offer seen, once; a changed or missing offer is refused and moves nothing', async () => {
    setTime(MORNING);
    const ticket = await launch(await funded('100.00'));
    const [, , c] = await matches(ticket);
    const r = await id.ok<SportsbookBetResult>(BET, {
      ...game(ticket),
      body: { requestId: rid(), stake: 20, legs: [pick(c!, 'MATCH_RESULT', 'HOME')] },
    });
    const offer = r.bet.cashOut!;
    const other = await launch(await funded());
    const before = await entries();
    const changed = await id.fails(
      CASHOUT,
      { ...game(ticket), body: { betId: r.bet.betId, value: offer + 0.01 } },
      409,
      'sportsbook.cashout.changed',
    );
    expect(changed.value).toEqual({ value: offer });
    await id.fails(
      CASHOUT,
      { ...game(ticket), body: { betId: 'nope', value: offer } },
      404,
      'sportsbook.bet.unknown',
    );
    await id.fails(
      CASHOUT,
      { ...game(other), body: { betId: r.bet.betId, value: offer } },
      404,
      'sportsbook.bet.unknown',
    );
    expect(await entries()).toBe(before);
    const done = await id.ok<SportsbookBetResult>(CASHOUT, {
      ...game(ticket),
      body: { betId: r.bet.betId, value: offer },
    });
    expect(done.bet).toMatchObject({ status: 'CASHED_OUT', payout: offer, cashOut: null });
    expect(done.balance).toBeCloseTo(80 + offer, 2);
    const again = await id.ok<SportsbookBetResult>(CASHOUT, {
      ...game(ticket),
      body: { betId: r.bet.betId, value: offer },
    });
    expect(again.balance).toBeCloseTo(80 + offer, 2);
    expect(await entries()).toBe(before + 1);
    // The match ending changes nothing for a cashed-out bet.
    setTime(new Date(c!.kickOff).getTime() + 200 * MIN);
    await sweep();
    expect(await balanceOf(ticket)).toBeCloseTo(80 + offer, 2);
    await id.fails(
      CASHOUT,
      { ...game(ticket), body: { betId: r.bet.betId, value: offer + 1 } },
      409,
      'sportsbook.cashout.unavailable',
    );
    setTime(MORNING);
  });

  it('a cancelled match voids its selections: a single is refunded, a parlay pays on its other legs', async () => {
    setTime(MORNING);
    const ticket = await launch(await funded('100.00'));
    const list = (await matches(ticket)).filter((m) => m.status === 'PRE_MATCH');
    const [x, y] = [list[list.length - 1]!, list[list.length - 2]!];
    const single = (
      await id.ok<SportsbookBetResult>(BET, {
        ...game(ticket),
        body: { requestId: rid(), stake: 10, legs: [pick(x, 'MATCH_RESULT', 'HOME')] },
      })
    ).bet;
    const parlay = (
      await id.ok<SportsbookBetResult>(BET, {
        ...game(ticket),
        body: {
          requestId: rid(),
          stake: 10,
          legs: [pick(x, 'MATCH_RESULT', 'AWAY'), pick(y, 'MATCH_RESULT', 'HOME')],
        },
      })
    ).bet;
    expect(await t.services.providers.sportsbook.cancelFixture('GOLDEN', x.id)).toBe(true);
    expect(await t.services.providers.sportsbook.cancelFixture('GOLDEN', x.id)).toBe(false);
    await sweep();
    let bets = await id.ok<SportsbookBets>(BETS, game(ticket));
    expect(bets.history.find((b) => b.betId === single.betId)).toMatchObject({ status: 'VOID', payout: 10 });
    expect(bets.open.map((b) => b.betId)).toEqual([parlay.betId]);
    expect(await balanceOf(ticket)).toBe(90);
    setTime(new Date(y.kickOff).getTime() + 106 * MIN);
    await sweep();
    bets = await id.ok<SportsbookBets>(BETS, game(ticket));
    const settled = bets.history.find((b) => b.betId === parlay.betId)!;
    expect(settled.legs[0]!.status).toBe('VOID');
    const f = await t.db.db
      .selectFrom('sportsbook_fixture')
      .selectAll()
      .where('fixture_id', '=', y.id)
      .where('merchant_code', '=', 'GOLDEN')
      .executeTakeFirstOrThrow();
    const won = f.final_home! > f.final_away!;
    expect(settled.status).toBe(won ? 'WON' : 'LOST');
    const expected = won ? Math.floor(1000 * parlay.legs[1]!.odds) / 100 : 0;
    expect(settled.payout).toBeCloseTo(expected, 2);
    expect(await balanceOf(ticket)).toBeCloseTo(90 + expected, 2);
    expect(await checkLedger(t.db.db)).toEqual([]);
    setTime(MORNING);
  });

  it('recalls the last 10 bets, newest first', async () => {
    setTime(MORNING + 2 * DAY);
    const ticket = await launch(await funded());
    const [a] = await matches(ticket);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        (
          await id.ok<SportsbookBetResult>(BET, {
            ...game(ticket),
            body: { requestId: rid(), stake: 1, legs: [pick(a!, 'MATCH_RESULT', 'HOME')] },
          })
        ).bet.betId,
      );
    }
    const bets = await id.ok<SportsbookBets>(BETS, game(ticket));
    expect(bets.history.map((b) => b.betId)).toEqual(ids.slice(2).reverse());
  });

  it('trial accounts bet with play money', async () => {
    setTime(MORNING + 2 * DAY);
    const trial = await id.freePlay();
    const ticket = await launch(trial);
    expect(await balanceOf(ticket)).toBe(2000);
    const [a] = await matches(ticket);
    const r = await id.ok<SportsbookBetResult>(BET, {
      ...game(ticket),
      body: { requestId: rid(), stake: 25, legs: [pick(a!, 'MATCH_RESULT', 'HOME')] },
    });
    expect(r.balance).toBe(1975);
  });
});

describe('sportsbook: live bets and interrupted work', () => {
  it('takes a live bet at the live odds shown', async () => {
    setTime(MORNING + 6 * DAY);
    const ticket = await launch(await funded());
    const [m] = await matches(ticket);
    setTime(new Date(m!.kickOff).getTime() + 20 * MIN);
    const live = (await matches(ticket)).find((x) => x.id === m!.id)!;
    expect(live.status).toBe('LIVE');
    const total = live.markets.find((x) => x.key === 'TOTAL_GOALS/3.5' && !x.suspended)!;
    const leg = pick(live, 'TOTAL_GOALS', 'UNDER', 3.5);
    expect(leg.odds).toBe(total.outcomes.find((o) => o.pick === 'UNDER')!.odds);
    const r = await id.ok<SportsbookBetResult>(BET, {
      ...game(ticket),
      body: { requestId: rid(), stake: 2, legs: [leg] },
    });
    expect(r.bet.legs[0]!.odds).toBe(leg.odds);
    expect(r.balance).toBe(998);
  });

  it('a bet whose request died before its debit is given up by the sweeper; its retry is refused, nothing moved', async () => {
    setTime(MORNING + 6 * DAY);
    const ticket = await launch(await funded('30.00'));
    const [m] = (await matches(ticket)).filter((x) => x.status === 'PRE_MATCH');
    const leg = pick(m!, 'MATCH_RESULT', 'DRAW');
    const first = await id.ok<SportsbookBetResult>(BET, {
      ...game(ticket),
      body: { requestId: rid(), stake: 5, legs: [leg] },
    });
    const row = await t.db.db
      .selectFrom('sportsbook_bet')
      .selectAll()
      .where('bet_id', '=', first.bet.betId)
      .executeTakeFirstOrThrow();
    // The row of a second bet was stored, then the process died before its debit.
    const requestId = rid();
    const { id: _id, ...rest } = row;
    await t.db.db
      .insertInto('sportsbook_bet')
      .values({
        ...rest,
        bet_id: `${row.member_id}-${requestId}`,
        status: 'PLACING',
        legs: JSON.stringify(row.legs),
        placed_at: new Date(Date.now() - 120_000),
        leg_results: null,
      })
      .execute();
    await sweep();
    const given = await t.services.providers.sportsbook['repo'].bet(
      'GOLDEN',
      `${row.member_id}-${requestId}`,
    );
    expect(given?.status).toBe('REJECTED');
    await id.fails(
      BET,
      { ...game(ticket), body: { requestId, stake: 5, legs: [leg] } },
      409,
      'vendor.round.rolled.back',
    );
    // No stake was ever taken for it.
    const staked = await t.db.db
      .selectFrom('bet_record')
      .select('id')
      .where('round_id', '=', `${row.member_id}-${requestId}`)
      .execute();
    expect(staked).toEqual([]);
    expect(await balanceOf(ticket)).toBe(25);
  });

  it('a settlement whose credit was interrupted is completed by the sweeper, once', async () => {
    setTime(MORNING + 6 * DAY);
    const ticket = await launch(await funded('30.00'));
    const [m] = (await matches(ticket)).filter((x) => x.status === 'PRE_MATCH');
    const placed = (
      await id.ok<SportsbookBetResult>(BET, {
        ...game(ticket),
        body: { requestId: rid(), stake: 10, legs: [pick(m!, 'MATCH_RESULT', 'HOME')] },
      })
    ).bet;
    const svc = t.services.providers.sportsbook as unknown as {
      wallet: { credit: (...a: unknown[]) => Promise<unknown> };
    };
    const credit = svc.wallet.credit.bind(svc.wallet);
    // The process dies between deciding the bet and crediting it.
    svc.wallet.credit = async (...a: unknown[]) => {
      if (a[1] === placed.betId) throw new Error('crash');
      return credit(...a);
    };
    setTime(new Date(m!.kickOff).getTime() + 106 * MIN);
    await t.services.providers.sportsbook.sweep().catch(() => undefined);
    svc.wallet.credit = credit;
    const decided = await t.services.providers.sportsbook['repo'].bet('GOLDEN', placed.betId);
    expect(['WON', 'LOST']).toContain(decided?.status);
    expect(decided?.credited_at).toBeNull();
    expect(await balanceOf(ticket)).toBe(20);
    // Not yet stale: a live request may still be crediting it. Once stale, the sweeper completes it.
    await sweep();
    await t.db.db
      .updateTable('sportsbook_bet')
      .set({ settled_at: new Date(Date.now() - 60_000) })
      .where('bet_id', '=', placed.betId)
      .execute();
    await sweep();
    await sweep();
    const expected = await expectedPayout(placed);
    expect(await balanceOf(ticket)).toBeCloseTo(20 + expected, 2);
    const done = await t.services.providers.sportsbook['repo'].bet('GOLDEN', placed.betId);
    expect(done?.credited_at).not.toBeNull();
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe.runIf(PG)('sportsbook on PostgreSQL: many players on one match, several sweepers', () => {
  it('30 players bet concurrently (with retries), 4 sweepers settle: every bet once, balances match a tally', async () => {
    setTime(MORNING + 4 * DAY);
    const players = await Promise.all(Array.from({ length: 30 }, () => funded('100.00')));
    const tickets = await Promise.all(players.map((p) => launch(p)));
    const [match] = await matches(tickets[0]!);
    const picks = ['HOME', 'DRAW', 'AWAY'] as const;
    const before = await entries();
    // Each player sends two bets, each twice at once (a double click): 60 bets, 120 requests.
    const requests = tickets.flatMap((ticket, i) =>
      [0, 1].map((k) => ({
        ticket,
        body: { requestId: rid(), stake: 5 + k, legs: [pick(match!, 'MATCH_RESULT', picks[(i + k) % 3]!)] },
      })),
    );
    const answers = await Promise.all(
      requests.flatMap((r) =>
        [0, 1].map(() => id.send<SportsbookBetResult>(BET, { ...game(r.ticket), body: r.body })),
      ),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(await entries()).toBe(before + 60);
    // A quarter of the players cash a bet out, each with a double click.
    const cashers = tickets.slice(0, 10);
    const offers = await Promise.all(
      cashers.map(async (ticket) => (await id.ok<SportsbookBets>(BETS, game(ticket))).open[0]!),
    );
    const cashOuts = await Promise.all(
      offers.flatMap((b, i) =>
        [0, 1].map(() =>
          id.send<SportsbookBetResult>(CASHOUT, {
            ...game(cashers[i]!),
            body: { betId: b.betId, value: b.cashOut! },
          }),
        ),
      ),
    );
    for (const c of cashOuts) expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(await entries()).toBe(before + 70);
    // The match ends; four sweepers (as four server processes would) settle it at once.
    setTime(new Date(match!.kickOff).getTime() + 106 * MIN);
    await Promise.all([0, 1, 2, 3].map(() => t.services.providers.sportsbook.sweep()));
    await sweep();
    const f = await t.db.db
      .selectFrom('sportsbook_fixture')
      .selectAll()
      .where('fixture_id', '=', match!.id)
      .where('merchant_code', '=', 'GOLDEN')
      .executeTakeFirstOrThrow();
    const result = f.final_home! > f.final_away! ? 'HOME' : f.final_home! < f.final_away! ? 'AWAY' : 'DRAW';
    for (const [i, ticket] of tickets.entries()) {
      const bets = await id.ok<SportsbookBets>(BETS, game(ticket));
      expect(bets.open).toEqual([]);
      expect(bets.history).toHaveLength(2);
      let tally = 100;
      for (const b of bets.history) {
        tally -= b.stake;
        if (b.status === 'CASHED_OUT') {
          tally += b.payout!;
          continue;
        }
        const expected =
          b.legs[0]!.pick === result
            ? Math.floor((Math.round(b.stake * 100) * Math.round(b.legs[0]!.odds * 100)) / 100) / 100
            : 0;
        expect(b.payout).toBeCloseTo(expected, 2);
        tally += expected;
      }
      expect(await balanceOf(ticket), `player ${i}`).toBeCloseTo(tally, 2);
    }
    const settledEntries = await t.db.db
      .selectFrom('sportsbook_bet')
      .select((e) => e.fn.countAll().as('n'))
      .where('merchant_code', '=', 'GOLDEN')
      .where('credited_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(settledEntries.n)).toBeGreaterThanOrEqual(60);
    expect(await checkLedger(t.db.db)).toEqual([]);
    setTime(MORNING);
  });
});
