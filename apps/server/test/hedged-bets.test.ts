/**
 * Valid turnover is net exposure: a member's bets on opposite sides of one round (Banker and Player
 * in house baccarat) cover each other and count only by what one side exceeds the other. Through
 * the game calls: the betting record, the valid turnover rebates, points, missions and VIP count
 * (BetStatsService), and the turnover requirements all see the same net figure.
 */
import type { BaccaratBetType, BaccaratState, LaunchGame } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEAL_DELAY_MS } from '../src/modules/providers/house/baccarat/baccarat-dealer.service';
import {
  roundAt,
  roundTimes,
  type RoundTimes,
} from '../src/modules/providers/house/baccarat/baccarat-schedule';
import { BetStatsRepository } from '../src/modules/wallet/bet-stats.repository';
import { BetStatsService, totalValid } from '../src/modules/wallet/bet-stats.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { buildTestApp, type TestContext } from './helper';
import { ticketOf } from './game-ticket';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const B = '/wps/house/baccarat';
/** The production schedule (no BACCARAT_BET_SECONDS in the test config). */
const S = { betSeconds: 15, resultSeconds: 10, tables: 3 };

let t: TestContext;
let id: Identity;
let stats: BetStatsService;
let now = 0;
let started: Date;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  stats = new BetStatsService(new BetStatsRepository(t.db.db));
  // Only Date is faked (timers run): the clock moves when a test says so, always forward.
  now = Date.now();
  started = new Date(now - 60_000);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const setNow = (ms: number) => {
  now = Math.max(now, ms);
  vi.setSystemTime(now);
};
const toBetting = (tableId: number): RoundTimes => {
  const next = roundTimes(S, tableId, roundAt(S, tableId, now).roundNo + 1);
  setNow(next.opensAt + 1000);
  return next;
};
const game = (ticket: string) => ({ headers: { 'x-game-token': ticket } });

async function player(): Promise<{ m: NewMember; ticket: string }> {
  const m = await id.registerGolden();
  await id.credit(m.username, '10000.00', ADMIN_KEY);
  const l = await id.ok<LaunchGame>('/wps/game/launchGame?vendor=HOUSE&gameCode=house-baccarat', {
    token: m.token,
  });
  return { m, ticket: await ticketOf(t.app, l.url) };
}

/**
 * Plays rounds of table 1 with these bets until one is decided; answers how many were played. A
 * tie pushes Banker and Player (nothing counts either way), so a round that ties is played again:
 * the netting shows only on a decided round.
 */
async function decidedRound(ticket: string, bets: [BaccaratBetType, number][]): Promise<number> {
  for (let attempt = 1; attempt <= 20; attempt++) {
    const round = toBetting(1);
    for (const [type, amount] of bets)
      await id.ok(`${B}/bet`, { ...game(ticket), body: { table: 1, roundNo: round.roundNo, type, amount } });
    setNow(round.closesAt + DEAL_DELAY_MS + 100);
    const done = await id.ok<BaccaratState>(`${B}/state?table=1`, game(ticket));
    expect(done.myBets.every((b) => b.status === 'SETTLED')).toBe(true);
    if (done.result!.outcome !== 'TIE') return attempt;
  }
  throw new Error('20 ties in a row');
}

/** The member's valid turnover as rebates, points, missions and VIP count it. */
const validTurnover = async (m: NewMember) =>
  totalValid(await stats.memberTurnover(m.id, started, new Date(now + 60_000)));

/** What the member has worked off its turnover requirements. */
async function achieved(m: NewMember): Promise<bigint> {
  const rows = await t.db.db
    .selectFrom('turnover_requirement')
    .select('achieved')
    .where('member_id', '=', m.id)
    .execute();
  return rows.reduce((s, r) => s + BigInt(r.achieved), 0n);
}

/** An operator credit with a big turnover requirement, so every valid bet shows in `achieved`. */
const requirement = (m: NewMember) =>
  id.adjust(m.username, '1000', ADMIN_KEY, { reason: 'Bonus', turnoverMultiple: 100 });

describe('hedged baccarat bets count only their net exposure', () => {
  it('Banker 100 + Player 100 in one round count nothing; Banker 300 + Player 100 count 200', async () => {
    const even = await player();
    await requirement(even.m);
    await decidedRound(even.ticket, [
      ['BANKER', 100],
      ['PLAYER', 100],
    ]);
    expect(await validTurnover(even.m)).toBe(0n);
    expect(await achieved(even.m)).toBe(0n);

    const lopsided = await player();
    await requirement(lopsided.m);
    await decidedRound(lopsided.ticket, [
      ['BANKER', 300],
      ['PLAYER', 100],
    ]);
    expect(await validTurnover(lopsided.m)).toBe(200_00n);
    expect(await achieved(lopsided.m)).toBe(200_00n);
    // The decided round's two bets (a tie before it is played again, and pushes both sides).
    const records = await t.db.db
      .selectFrom('bet_record')
      .select(['stake', 'valid_bet'])
      .where('member_id', '=', lopsided.m.id)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    records.sort((a, b) => Number(b.stake) - Number(a.stake));
    expect(records.map((r) => [r.stake, r.valid_bet])).toEqual([
      ['30000', '20000'],
      ['10000', '0'],
    ]);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('bets in different rounds, and spots with no opposite, count in full', async () => {
    const p = await player();
    await requirement(p.m);
    await decidedRound(p.ticket, [['BANKER', 100]]);
    // The tie bet counts in every round played (it wins or loses, never pushes).
    const rounds = await decidedRound(p.ticket, [
      ['PLAYER', 100],
      ['TIE', 10],
    ]);
    const expected = 200_00n + BigInt(rounds) * 10_00n;
    expect(await validTurnover(p.m)).toBe(expected);
    expect(await achieved(p.m)).toBe(expected);
  });
});
