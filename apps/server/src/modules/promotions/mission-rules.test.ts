import { describe, expect, it } from 'vitest';
import type { TurnoverLine } from '../wallet/bet-stats.service';
import {
  leaderboardView,
  missionPeriod,
  missionReference,
  progressOf,
  shownFigure,
  stateOf,
  turnoverFor,
  weekOf,
  type PeriodFacts,
  type StandingRow,
} from './mission-rules';

const line = (gameType: string, validBet: bigint, wins: number): TurnoverLine => ({
  memberId: '7',
  gameType,
  validBet,
  stake: validBet,
  payout: 0n,
  bets: wins + 2,
  wins,
});

const facts: PeriodFacts = {
  turnover: [line('RNG', 6_000n, 2), line('LIVE', 4_550n, 1), line('SPORTS', 0n, 0)],
  deposits: 25_000n,
  loginDays: 3,
};

describe('mission progress per metric', () => {
  it('TURNOVER sums valid turnover of every game, or of its one game type', () => {
    expect(progressOf({ metric: 'TURNOVER', gameType: null }, facts)).toBe(10_550n);
    expect(progressOf({ metric: 'TURNOVER', gameType: 'RNG' }, facts)).toBe(6_000n);
    expect(progressOf({ metric: 'TURNOVER', gameType: 'FISH' }, facts)).toBe(0n);
  });

  it('WINS counts winning bets of every game, or of its one game type', () => {
    expect(progressOf({ metric: 'WINS', gameType: null }, facts)).toBe(3n);
    expect(progressOf({ metric: 'WINS', gameType: 'LIVE' }, facts)).toBe(1n);
  });

  it('DEPOSIT is the credited deposits; LOGIN the login days', () => {
    expect(progressOf({ metric: 'DEPOSIT', gameType: null }, facts)).toBe(25_000n);
    expect(progressOf({ metric: 'LOGIN', gameType: null }, facts)).toBe(3n);
  });

  it('a period with nothing done counts zero for every metric', () => {
    const none: PeriodFacts = { turnover: [], deposits: 0n, loginDays: 0 };
    for (const metric of ['TURNOVER', 'WINS', 'DEPOSIT', 'LOGIN'] as const) {
      expect(progressOf({ metric, gameType: null }, none)).toBe(0n);
    }
  });

  it('shows money metrics as amounts and the others as counts', () => {
    expect(shownFigure('TURNOVER', 10_550n)).toBe(105.5);
    expect(shownFigure('DEPOSIT', 1n)).toBe(0.01);
    expect(shownFigure('WINS', 3n)).toBe(3);
    expect(shownFigure('LOGIN', 5n)).toBe(5);
  });
});

describe('mission state', () => {
  it('is in progress below the target, claimable at or above it, claimed once paid', () => {
    expect(stateOf(9_999n, 10_000n, false)).toBe('IN_PROGRESS');
    expect(stateOf(10_000n, 10_000n, false)).toBe('CLAIMABLE');
    expect(stateOf(25_000n, 10_000n, false)).toBe('CLAIMABLE');
    expect(stateOf(25_000n, 10_000n, true)).toBe('CLAIMED');
    // A claim stays claimed whatever the progress says (e.g. a bet voided after the claim).
    expect(stateOf(0n, 10_000n, true)).toBe('CLAIMED');
  });

  it('adds the reward times the multiple as turnover', () => {
    expect(turnoverFor(500n, 1)).toBe(500n);
    expect(turnoverFor(500n, 0)).toBe(0n);
    expect(turnoverFor(1_234n, 3)).toBe(3_702n);
  });
});

describe('mission periods in the brand zone', () => {
  const TZ = 'Asia/Manila'; // UTC+8
  // Wednesday 2026-11-25 23:30 in Manila.
  const wednesdayLate = Date.UTC(2026, 10, 25, 15, 30);

  it('a daily mission counts the local day, a weekly one Monday to Sunday', () => {
    const day = missionPeriod('DAILY', wednesdayLate, TZ);
    expect(day.key).toBe('D:2026-11-25');
    expect(day.start.toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-11-25T16:00:00.000Z');
    const week = missionPeriod('WEEKLY', wednesdayLate, TZ);
    expect(week.key).toBe('W:2026-11-23');
    expect(week.start.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-29T16:00:00.000Z');
  });

  it('a new day starts a new period (its own reference), in the same week', () => {
    const today = missionPeriod('DAILY', wednesdayLate, TZ);
    const tomorrow = missionPeriod('DAILY', wednesdayLate + 3_600_000, TZ);
    expect(tomorrow.key).toBe('D:2026-11-26');
    expect(missionReference('12', '7', tomorrow.key)).not.toBe(missionReference('12', '7', today.key));
    expect(weekOf(today, TZ)).toBe('W:2026-11-23');
    expect(weekOf(tomorrow, TZ)).toBe('W:2026-11-23');
    // Sunday belongs to the week that began on Monday; the next Monday starts another.
    const sunday = missionPeriod('DAILY', Date.UTC(2026, 10, 29, 12), TZ);
    const monday = missionPeriod('DAILY', Date.UTC(2026, 10, 29, 16), TZ);
    expect(weekOf(sunday, TZ)).toBe('W:2026-11-23');
    expect(weekOf(monday, TZ)).toBe('W:2026-11-30');
  });

  it('the reference names the mission, the member and the period', () => {
    expect(missionReference('12', '7', 'D:2026-11-25')).toBe('MISSION:12:7:D:2026-11-25');
    expect(missionReference('12', '8', 'D:2026-11-25')).not.toBe(missionReference('12', '7', 'D:2026-11-25'));
  });
});

describe('leaderboard view', () => {
  const row = (rank: number, memberId: string, username: string, completed: number, rewards: bigint) =>
    ({ rank, memberId, username, completed, rewards }) satisfies StandingRow;

  it('lists rows in rank order with masked usernames, my row marked', () => {
    const rows = [
      row(2, '20', 'bravo77', 4, 2_500n),
      row(1, '10', 'alphaone', 5, 1_000n),
      row(3, '30', 'me', 4, 2_000n),
    ];
    const v = leaderboardView(rows, { memberId: '30', username: 'me' }, 20);
    expect(v.list.map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(v.list.map((e) => e.account)).toEqual(['al***e', 'br***7', 'm***']);
    expect(v.list.map((e) => e.me)).toEqual([false, false, true]);
    expect(v.list[1]).toEqual({ rank: 2, account: 'br***7', completed: 4, rewards: 25, me: false });
    expect(v.mine).toEqual({ rank: 3, account: 'm***', completed: 4, rewards: 20, me: true });
    // No username is shown whole.
    for (const e of v.list) expect(['alphaone', 'bravo77']).not.toContain(e.account);
  });

  it('shows only the top `size`; my rank below it is answered on its own', () => {
    const rows = [
      row(1, '10', 'alphaone', 5, 1_000n),
      row(2, '20', 'bravo77', 4, 900n),
      row(7, '30', 'charlie', 1, 200n),
    ];
    const v = leaderboardView(rows, { memberId: '30', username: 'charlie' }, 2);
    expect(v.list.map((e) => e.rank)).toEqual([1, 2]);
    expect(v.list.some((e) => e.me)).toBe(false);
    expect(v.mine).toEqual({ rank: 7, account: 'ch***e', completed: 1, rewards: 2, me: true });
  });

  it('without a claim this week I am unranked with nothing completed', () => {
    const v = leaderboardView(
      [row(1, '10', 'alphaone', 5, 1_000n)],
      { memberId: '99', username: 'demo01' },
      20,
    );
    expect(v.mine).toEqual({ rank: null, account: 'de***1', completed: 0, rewards: 0, me: true });
    expect(leaderboardView([], { memberId: '99', username: 'demo01' }, 20).list).toEqual([]);
  });
});
