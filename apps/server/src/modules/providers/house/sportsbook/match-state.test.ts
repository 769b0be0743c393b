import { describe, expect, it } from 'vitest';
import { generateFixtures, type Fixture } from './fixtures';
import {
  decideTimeline,
  fairProbability,
  matchMinutes,
  matchView,
  MAX_OFFERED_PROBABILITY,
  offeredOdds,
  type StoredTimeline,
} from './match-state';
import { priceFixture } from './pricing';
import { seededRng } from './random';
import { SportsbookClock } from './sportsbook-clock';

const fixtures = generateFixtures({
  seed: 'match-state',
  from: '2025-03-01',
  to: '2025-03-03',
  timeZone: 'Asia/Manila',
});
const football = fixtures.find((f) => f.sport === 'FOOTBALL')!;
const esports = fixtures.find((f) => f.sport === 'ESPORTS')!;
const at = (f: Fixture, minutes: number) => new Date(f.kickOff.getTime() + minutes * 60_000);

describe('match state', () => {
  it('before kick-off: the pre-match price list, no score; suspended only where an outcome is too likely', () => {
    const view = matchView(football, null, at(football, -1));
    expect(view.status).toBe('PRE_MATCH');
    expect(view.score).toBeNull();
    const priced = priceFixture(football);
    expect(view.markets.map((m) => m.outcomes.map((o) => o.odds))).toEqual(
      priced.map((m) => m.outcomes.map((o) => o.odds)),
    );
    for (const m of view.markets)
      expect(m.suspended).toBe(m.outcomes.some((o) => o.probability > MAX_OFFERED_PROBABILITY));
  });

  it('in play the score comes from the stored timeline and odds from minute and score; full time ends it', () => {
    const timeline: StoredTimeline = {
      sport: 'FOOTBALL',
      goals: [
        { minute: 10, team: 'HOME' },
        { minute: 70, team: 'AWAY' },
        { minute: 88, team: 'HOME' },
      ],
    };
    expect(() => matchView(football, null, at(football, 1))).toThrow(RangeError);
    const early = matchView(football, timeline, at(football, 9));
    expect(early).toMatchObject({
      status: 'LIVE',
      minute: 9,
      phase: 'FIRST_HALF',
      score: { home: 0, away: 0 },
    });
    const ht = matchView(football, timeline, at(football, 50));
    expect(ht).toMatchObject({ status: 'LIVE', minute: 45, phase: 'HALF_TIME', score: { home: 1, away: 0 } });
    const late = matchView(football, timeline, at(football, 90 + 15 - 10));
    expect(late).toMatchObject({ phase: 'SECOND_HALF', minute: 80, score: { home: 1, away: 1 } });
    // A leading side's chances grow with the score: HOME at 1-0 is likelier than before kick-off.
    const pre = matchView(football, null, at(football, -1));
    const home = { market: 'MATCH_RESULT', pick: 'HOME' } as const;
    expect(fairProbability(ht, home)!).toBeGreaterThan(fairProbability(pre, home)!);
    const end = matchView(football, timeline, at(football, 105));
    expect(end).toMatchObject({ status: 'FINISHED', score: { home: 2, away: 1 }, markets: [] });
    expect(offeredOdds(end, home)).toBeNull();
    expect(matchMinutes(timeline)).toBe(105);
  });

  it('no offered selection ever returns more than the margin allows (the 1.01 floor never prices a near-certainty)', () => {
    const rng = seededRng('offers');
    for (const f of fixtures.slice(0, 12)) {
      const timeline = decideTimeline(rng, f);
      for (let minute = 0; minute < matchMinutes(timeline); minute += 3) {
        const view = matchView(f, timeline, at(f, minute));
        for (const m of view.markets) {
          if (m.suspended) continue;
          for (const o of m.outcomes)
            expect((o.probability * o.odds) / 1000).toBeLessThanOrEqual(1 / 1.05 + 1e-9);
        }
      }
    }
  });

  it('esports: maps and breaks in order, the score counts finished maps', () => {
    const timeline: StoredTimeline = {
      sport: 'ESPORTS',
      maps: [
        { winner: 'HOME', minutes: 30 },
        { winner: 'AWAY', minutes: 40 },
        { winner: 'HOME', minutes: 35 },
      ],
    };
    expect(matchView(esports, timeline, at(esports, 5))).toMatchObject({
      minute: 1,
      phase: 'MAP',
      score: { home: 0, away: 0 },
    });
    expect(matchView(esports, timeline, at(esports, 35))).toMatchObject({
      minute: 2,
      phase: 'BREAK',
      score: { home: 1, away: 0 },
    });
    expect(matchView(esports, timeline, at(esports, 60))).toMatchObject({
      minute: 2,
      phase: 'MAP',
      score: { home: 1, away: 0 },
    });
    expect(matchView(esports, timeline, at(esports, 95))).toMatchObject({
      minute: 3,
      phase: 'MAP',
      score: { home: 1, away: 1 },
    });
    expect(matchMinutes(timeline)).toBe(30 + 10 + 40 + 10 + 35);
    expect(matchView(esports, timeline, at(esports, 125))).toMatchObject({
      status: 'FINISHED',
      score: { home: 2, away: 1 },
    });
    expect(matchView(esports, null, at(esports, 0), { cancelled: true }).status).toBe('CANCELLED');
  });

  it('the same random stream decides the same timeline', () => {
    expect(decideTimeline(seededRng('x'), football)).toEqual(decideTimeline(seededRng('x'), football));
    const t = decideTimeline(seededRng('y'), esports);
    expect(t.sport).toBe('ESPORTS');
  });
});

describe('sportsbook clock', () => {
  it('is the real clock by default and runs faster from its anchor with a shorter minute', () => {
    let now = Date.UTC(2026, 0, 1, 12);
    expect(new SportsbookClock(60_000, () => now).now().getTime()).toBe(now);
    const anchor = Date.UTC(2026, 0, 1);
    const fast = new SportsbookClock(20, () => now, anchor);
    expect(fast.speed).toBe(3000);
    expect(fast.now().getTime()).toBe(anchor + 12 * 3_600_000 * 3000);
    now += 20;
    expect(fast.now().getTime()).toBe(anchor + 12 * 3_600_000 * 3000 + 60_000);
    expect(fast.toReal(fast.now()).getTime()).toBe(now);
    expect(() => new SportsbookClock(0)).toThrow(RangeError);
  });
});
