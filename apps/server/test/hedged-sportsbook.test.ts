/**
 * Valid turnover is net exposure in the house sportsbook too: a member's singles on the other
 * selections of one market (Home/Away, Over/Under of one line, 1X2) cover each other. Through the
 * game calls and the settlement sweeper: the betting record's valid_bet, the valid turnover that
 * rebates, points, missions and VIP count (BetStatsService), and the turnover requirements.
 */
import { randomBytes } from 'node:crypto';
import type {
  GameList,
  LaunchGame,
  SportsbookBet,
  SportsbookBetResult,
  SportsbookBets,
  SportsbookMatch,
  SportsbookMatches,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SportsbookClock } from '../src/modules/providers/house/sportsbook/sportsbook-clock';
import { BetStatsRepository } from '../src/modules/wallet/bet-stats.repository';
import { BetStatsService, totalValid } from '../src/modules/wallet/bet-stats.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { buildTestApp, type TestContext } from './helper';
import { ticketOf } from './game-ticket';
import { Identity, type NewMember } from './identity-client';
import { sweeper } from './sportsbook-sweep';

const ADMIN_KEY = 'test-admin-key-0123456789';
const BET = '/wps/house/sportsbook/bet';
const BETS = '/wps/house/sportsbook/bets';
const CASHOUT = '/wps/house/sportsbook/cashout';
/** 2026-03-10 08:00 in Manila (the GOLDEN brand's zone): the day's first matches start at 11:00. */
const MORNING = Date.UTC(2026, 2, 10, 0, 0);
const MIN = 60_000;
const DAY = 86_400_000;

let t: TestContext;
let id: Identity;
let stats: BetStatsService;
let codes: { SPORTS: string; ESPORTS: string };
let time = MORNING;
let sweepAll: () => Promise<void>;
const started = new Date();

function setTime(ms: number) {
  time = ms;
  t.services.providers.sportsbook.clock = new SportsbookClock(60_000, () => time);
}

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  stats = new BetStatsService(new BetStatsRepository(t.db.db));
  setTime(MORNING);
  sweepAll = sweeper(t);
  const code = async (gameType: string) =>
    (await id.ok<GameList>(`/wps/relay/GCSGAME_gameList?vassalage=HOUSE&gameType=${gameType}`)).games[0]!
      .gameCode;
  codes = { SPORTS: await code('SPORTS'), ESPORTS: await code('ESPORTS') };
});
afterAll(async () => {
  await t?.close();
});

const game = (ticket: string) => ({ headers: { 'x-game-token': ticket } });

/** A funded member with a big turnover requirement (every valid bet shows in `achieved`). */
async function player(gameType: 'SPORTS' | 'ESPORTS' = 'SPORTS'): Promise<{ m: NewMember; ticket: string }> {
  const m = await id.registerGolden();
  await id.adjust(m.username, '2000', ADMIN_KEY, { reason: 'Bonus', turnoverMultiple: 100 });
  const l = await id.ok<LaunchGame>(`/wps/game/launchGame?vendor=HOUSE&gameCode=${codes[gameType]}`, {
    token: m.token,
  });
  return { m, ticket: await ticketOf(t.app, l.url) };
}

const upcoming = async (ticket: string) =>
  (await id.ok<SportsbookMatches>('/wps/house/sportsbook/matches', game(ticket))).matches.filter(
    (x) => x.status === 'PRE_MATCH',
  );

function pick(match: SportsbookMatch, market: string, p: string, line?: number) {
  const m = match.markets.find((x) => x.market === market && x.line === line);
  if (!m) throw new Error(`no ${market} ${line ?? ''} in ${match.id}`);
  return {
    fixtureId: match.id,
    market,
    pick: p,
    odds: m.outcomes.find((o) => o.pick === p)!.odds,
    ...(line === undefined ? {} : { line }),
  };
}

async function bet(
  ticket: string,
  stake: number,
  ...legs: ReturnType<typeof pick>[]
): Promise<SportsbookBet> {
  return (
    await id.ok<SportsbookBetResult>(BET, {
      ...game(ticket),
      body: { requestId: `sb${randomBytes(8).toString('hex')}`, stake, legs },
    })
  ).bet;
}

/** Moves past the end of every match up to `last` and runs the sweeper until it is done. */
async function settleAll(last: SportsbookMatch): Promise<void> {
  setTime(new Date(last.kickOff).getTime() + 6 * 60 * MIN);
  await sweepAll();
}

/** The betting record's valid turnover of each bet (minor units as text), by bet id. */
async function validOf(bets: SportsbookBet[]): Promise<string[]> {
  const rows = await t.db.db
    .selectFrom('bet_record')
    .select(['round_id', 'valid_bet', 'status'])
    .where(
      'round_id',
      'in',
      bets.map((b) => b.betId),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.round_id, r]));
  return bets.map((b) => {
    const r = byId.get(b.betId);
    expect(r?.status).toBe('SETTLED');
    return r!.valid_bet;
  });
}

const validTurnover = async (m: NewMember) =>
  totalValid(await stats.memberTurnover(m.id, started, new Date(Date.now() + 60_000)));

async function achieved(m: NewMember): Promise<bigint> {
  const rows = await t.db.db
    .selectFrom('turnover_requirement')
    .select('achieved')
    .where('member_id', '=', m.id)
    .execute();
  return rows.reduce((s, r) => s + BigInt(r.achieved), 0n);
}

describe('hedged sportsbook singles count only their net exposure', () => {
  it('Home 100 + Away 100 on a two-way market count nothing; Over 300 + Under 100 count 200', async () => {
    setTime(MORNING + 20 * DAY);
    const e = await player('ESPORTS');
    const [em] = await upcoming(e.ticket);
    const even = [
      await bet(e.ticket, 100, pick(em!, 'MATCH_WINNER', 'HOME')),
      await bet(e.ticket, 100, pick(em!, 'MATCH_WINNER', 'AWAY')),
    ];
    const f = await player();
    const [fm] = await upcoming(f.ticket);
    const lopsided = [
      await bet(f.ticket, 300, pick(fm!, 'TOTAL_GOALS', 'OVER', 2.5)),
      await bet(f.ticket, 100, pick(fm!, 'TOTAL_GOALS', 'UNDER', 2.5)),
    ];
    await settleAll(new Date(em!.kickOff) > new Date(fm!.kickOff) ? em! : fm!);

    expect(await validOf(even)).toEqual(['0', '0']);
    expect(await validTurnover(e.m)).toBe(0n);
    expect(await achieved(e.m)).toBe(0n);
    expect(await validOf(lopsided)).toEqual(['20000', '0']);
    expect(await validTurnover(f.m)).toBe(200_00n);
    expect(await achieved(f.m)).toBe(200_00n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('1X2: 100 on each of the three outcomes counts nothing; 100 on two of them counts 200', async () => {
    setTime(MORNING + 21 * DAY);
    const all = await player();
    const [m] = await upcoming(all.ticket);
    const three = [];
    for (const p of ['HOME', 'DRAW', 'AWAY'])
      three.push(await bet(all.ticket, 100, pick(m!, 'MATCH_RESULT', p)));
    const two = await player();
    const pair = [
      await bet(two.ticket, 100, pick(m!, 'MATCH_RESULT', 'HOME')),
      await bet(two.ticket, 100, pick(m!, 'MATCH_RESULT', 'AWAY')),
    ];
    await settleAll(m!);

    expect(await validOf(three)).toEqual(['0', '0', '0']);
    expect(await validTurnover(all.m)).toBe(0n);
    expect(await validOf(pair)).toEqual(['10000', '10000']);
    expect(await validTurnover(two.m)).toBe(200_00n);
    expect(await achieved(two.m)).toBe(200_00n);
  });

  it('bets on different markets, lines or matches, and parlays, count in full', async () => {
    setTime(MORNING + 22 * DAY);
    const p = await player();
    const [a, b] = await upcoming(p.ticket);
    const bets = [
      await bet(p.ticket, 100, pick(a!, 'MATCH_RESULT', 'HOME')),
      await bet(p.ticket, 100, pick(a!, 'TOTAL_GOALS', 'OVER', 2.5)),
      await bet(p.ticket, 100, pick(a!, 'TOTAL_GOALS', 'UNDER', 3.5)),
      await bet(p.ticket, 100, pick(b!, 'TOTAL_GOALS', 'UNDER', 2.5)),
      // A parlay neither covers nor is covered: its risk lies across matches.
      await bet(p.ticket, 100, pick(a!, 'TOTAL_GOALS', 'UNDER', 2.5), pick(b!, 'TOTAL_GOALS', 'OVER', 2.5)),
    ];
    await settleAll(new Date(a!.kickOff) > new Date(b!.kickOff) ? a! : b!);

    expect(await validOf(bets)).toEqual(['10000', '10000', '10000', '10000', '10000']);
    expect(await validTurnover(p.m)).toBe(500_00n);
    expect(await achieved(p.m)).toBe(500_00n);
  });

  it('a settlement resumed after a crash gives every bet the same figures; the credit completes once', async () => {
    setTime(MORNING + 23 * DAY);
    const p = await player();
    const [m] = await upcoming(p.ticket);
    const bets = [
      await bet(p.ticket, 300, pick(m!, 'TOTAL_GOALS', 'OVER', 2.5)),
      await bet(p.ticket, 100, pick(m!, 'TOTAL_GOALS', 'UNDER', 2.5)),
    ];
    const svc = t.services.providers.sportsbook as unknown as {
      wallet: { credit: (...a: unknown[]) => Promise<unknown> };
    };
    const credit = svc.wallet.credit.bind(svc.wallet);
    // The process dies after deciding the first bet, before its credit and the second bet.
    svc.wallet.credit = async (...a: unknown[]) => {
      if (a[1] === bets[0]!.betId) throw new Error('crash');
      return credit(...a);
    };
    setTime(new Date(m!.kickOff).getTime() + 6 * 60 * MIN);
    await expect(t.services.providers.sportsbook.sweep()).rejects.toThrow('crash');
    svc.wallet.credit = credit;
    const repo = t.services.providers.sportsbook['repo'];
    expect((await repo.bet('GOLDEN', bets[0]!.betId))?.valid_bet).toBe('20000');
    expect((await repo.bet('GOLDEN', bets[1]!.betId))?.status).toBe('OPEN');

    // The next pass settles the second bet over both (the first one already settled)...
    await sweepAll();
    // ...and, once the first one's credit is stale, completes it with the figure it settled with.
    await t.db.db
      .updateTable('sportsbook_bet')
      .set({ settled_at: new Date(Date.now() - 60_000) })
      .where('bet_id', '=', bets[0]!.betId)
      .execute();
    await t.services.providers.sportsbook.sweep();
    await t.services.providers.sportsbook.sweep();
    expect(await validOf(bets)).toEqual(['20000', '0']);
    expect(await validTurnover(p.m)).toBe(200_00n);
    expect(await achieved(p.m)).toBe(200_00n);
    expect((await repo.bet('GOLDEN', bets[0]!.betId))?.credited_at).not.toBeNull();
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('a cashed-out single counts its stake as placed, and still covers the other selection', async () => {
    setTime(MORNING + 24 * DAY);
    const p = await player();
    const [m] = await upcoming(p.ticket);
    const over = await bet(p.ticket, 100, pick(m!, 'TOTAL_GOALS', 'OVER', 2.5));
    const under = await bet(p.ticket, 100, pick(m!, 'TOTAL_GOALS', 'UNDER', 2.5));
    setTime(new Date(m!.kickOff).getTime() + 10 * MIN);
    const open = (await id.ok<SportsbookBets>(BETS, game(p.ticket))).open;
    const offer = open.find((b) => b.betId === over.betId)!.cashOut;
    expect(offer).not.toBeNull();
    await id.ok(CASHOUT, { ...game(p.ticket), body: { betId: over.betId, value: offer } });
    await settleAll(m!);

    expect(await validOf([over, under])).toEqual(['10000', '0']);
    expect(await validTurnover(p.m)).toBe(100_00n);
    expect(await achieved(p.m)).toBe(100_00n);
  });
});
