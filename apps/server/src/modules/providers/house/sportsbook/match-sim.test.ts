import { describe, expect, it } from 'vitest';
import type { Rng } from '../secure-rng';
import {
  EsportsTimeline,
  FootballTimeline,
  footballClock,
  MAP_BREAK_MINUTES,
  simulateEsportsMatch,
  simulateFootballMatch,
} from './match-sim';
import { esportsMarkets, footballMarkets, selectionKey, type FairMarket } from './pricing';
import { seededRng } from './random';

/**
 * A scripted Rng. A number is returned as the next int(n) (checked against n); { u } scripts one
 * uniform() in [0, 1), which takes two draws (26 then 27 bits).
 */
function scripted(script: (number | { u: number })[]): Rng & { left: () => number } {
  const queue: number[] = [];
  for (const s of script) {
    if (typeof s === 'number') queue.push(s);
    else queue.push(Math.floor(s.u * 2 ** 26), 0);
  }
  return {
    int(n) {
      const v = queue.shift();
      if (v === undefined) throw new Error('scripted RNG exhausted');
      if (v < 0 || v >= n) throw new Error(`${v} out of range for n = ${n}`);
      return v;
    },
    left: () => queue.length,
  };
}

const prob = (markets: FairMarket[], key: string) =>
  markets.flatMap((m) => m.outcomes).find((o) => selectionKey(o.selection) === key)!.probability;

describe('football simulation', () => {
  it('λ 1.5 / 1.2, u = 0.5 and 0.1: home scores 1 (P(0) 0.223 < 0.5 < P(≤1) 0.558), away 0; the goal in minute 30', () => {
    const rng = scripted([{ u: 0.5 }, { u: 0.1 }, 29]);
    const match = simulateFootballMatch(rng, { home: 1.5, away: 1.2 });
    expect(rng.left()).toBe(0);
    expect(match.goals).toEqual([{ minute: 30, team: 'HOME' }]);
    expect(match.scoreAt(0)).toEqual({ home: 0, away: 0 });
    expect(match.scoreAt(29)).toEqual({ home: 0, away: 0 });
    expect(match.scoreAt(30)).toEqual({ home: 1, away: 0 });
    expect(match.finalScore).toEqual({ home: 1, away: 0 });
  });

  it('2-1 drawn as home goals in minutes 88 and 3 and an away goal in minute 45: 1-0, 1-1 at 45, 2-1 at 88', () => {
    // Poisson(1.5): P(≤1) = 0.558, P(≤2) = 0.809, so u = 0.7 gives 2; Poisson(1.2): u = 0.5 gives 1.
    const match = simulateFootballMatch(scripted([{ u: 0.7 }, { u: 0.5 }, 87, 2, 44]), {
      home: 1.5,
      away: 1.2,
    });
    expect(match.goals).toEqual([
      { minute: 3, team: 'HOME' },
      { minute: 45, team: 'AWAY' },
      { minute: 88, team: 'HOME' },
    ]);
    expect(match.scoreAt(10)).toEqual({ home: 1, away: 0 });
    expect(match.scoreAt(45)).toEqual({ home: 1, away: 1 });
    expect(match.scoreAt(87)).toEqual({ home: 1, away: 1 });
    expect(match.scoreAt(90)).toEqual({ home: 2, away: 1 });
    expect(match.scoreAt(120)).toEqual({ home: 2, away: 1 });
  });

  it('a timeline rebuilt from stored goals gives the same scores; a goal minute outside 1..90 is refused', () => {
    const match = simulateFootballMatch(seededRng('rebuild'), { home: 2.5, away: 2 });
    const rebuilt = new FootballTimeline(JSON.parse(JSON.stringify(match.goals)));
    for (let m = 0; m <= 90; m++) expect(rebuilt.scoreAt(m)).toEqual(match.scoreAt(m));
    expect(() => new FootballTimeline([{ minute: 0, team: 'HOME' }])).toThrow(RangeError);
    expect(() => new FootballTimeline([{ minute: 91, team: 'AWAY' }])).toThrow(RangeError);
  });

  it('scores never go down minute by minute and reach the final at 90 (2,000 seeded matches)', () => {
    const rng = seededRng('monotone');
    let broken = 0;
    for (let n = 0; n < 2_000; n++) {
      const match = simulateFootballMatch(rng, { home: 1.7, away: 1.3 });
      let last = match.scoreAt(0);
      if (last.home !== 0 || last.away !== 0) broken++;
      for (let m = 1; m <= 90; m++) {
        const s = match.scoreAt(m);
        if (s.home < last.home || s.away < last.away) broken++;
        last = s;
      }
      const final = match.finalScore;
      if (final.home !== last.home || final.away !== last.away) broken++;
    }
    expect(broken).toBe(0);
  });

  it('100,000 matches at λ 1.6 / 1.1 follow the model: mean goals within 1%, 1X2 and over 2.5 within 0.006', () => {
    const xg = { home: 1.6, away: 1.1 };
    const rng = seededRng('model');
    const n = 100_000;
    let home = 0;
    let away = 0;
    let homeWins = 0;
    let draws = 0;
    let over = 0;
    for (let i = 0; i < n; i++) {
      const s = simulateFootballMatch(rng, xg).finalScore;
      home += s.home;
      away += s.away;
      if (s.home > s.away) homeWins++;
      else if (s.home === s.away) draws++;
      if (s.home + s.away > 2.5) over++;
    }
    const model = footballMarkets(xg);
    expect(Math.abs(home / n / 1.6 - 1)).toBeLessThan(0.01);
    expect(Math.abs(away / n / 1.1 - 1)).toBeLessThan(0.01);
    // Standard errors are about 0.0016: 0.006 is nearly 4 of them.
    expect(Math.abs(homeWins / n - prob(model, 'MATCH_RESULT/HOME'))).toBeLessThan(0.006);
    expect(Math.abs(draws / n - prob(model, 'MATCH_RESULT/DRAW'))).toBeLessThan(0.006);
    expect(Math.abs(over / n - prob(model, 'TOTAL_GOALS/2.5/OVER'))).toBeLessThan(0.006);
  });

  it('in play agrees with the simulation: of matches 1-0 at half time, the share won matches footballMarkets at 45, 1-0', () => {
    const xg = { home: 1.6, away: 1.2 };
    const rng = seededRng('in-play');
    let leading = 0;
    let won = 0;
    for (let i = 0; i < 100_000; i++) {
      const match = simulateFootballMatch(rng, xg);
      const ht = match.scoreAt(45);
      if (ht.home !== 1 || ht.away !== 0) continue;
      leading++;
      const final = match.finalScore;
      if (final.home > final.away) won++;
    }
    const expected = prob(footballMarkets(xg, { minute: 45, home: 1, away: 0 }), 'MATCH_RESULT/HOME');
    expect(leading).toBeGreaterThan(15_000);
    // About 20,000 matches qualify: the standard error is about 0.0035.
    expect(Math.abs(won / leading - expected)).toBeLessThan(0.015);
  });

  it('footballClock: 30 min after kick-off is minute 30; 50 is half time (45); 70 is minute 55; 105 is full time', () => {
    const kickOff = new Date('2025-03-01T11:30:00Z');
    const at = (minutes: number) => footballClock(kickOff, new Date(kickOff.getTime() + minutes * 60_000));
    expect(at(-1)).toEqual({ phase: 'NOT_STARTED', minute: 0 });
    expect(at(0)).toEqual({ phase: 'FIRST_HALF', minute: 0 });
    expect(at(30.5)).toEqual({ phase: 'FIRST_HALF', minute: 30 });
    expect(at(50)).toEqual({ phase: 'HALF_TIME', minute: 45 });
    expect(at(70)).toEqual({ phase: 'SECOND_HALF', minute: 55 });
    expect(at(104)).toEqual({ phase: 'SECOND_HALF', minute: 89 });
    expect(at(105)).toEqual({ phase: 'FULL_TIME', minute: 90 });
  });
});

describe('esports simulation', () => {
  it('map p 0.6, MOBA: HOME in 25 min, AWAY in 20, HOME in 45 → 2-1; 1-0 at 25, 1-1 at 55, 2-1 at 110', () => {
    const rng = scripted([{ u: 0.1 }, 5, { u: 0.9 }, 0, { u: 0.3 }, 25]);
    const match = simulateEsportsMatch(rng, 0.6, 'MOBA');
    expect(rng.left()).toBe(0);
    expect(match.maps).toEqual([
      { winner: 'HOME', minutes: 25 },
      { winner: 'AWAY', minutes: 20 },
      { winner: 'HOME', minutes: 45 },
    ]);
    expect(match.scoreAt(24)).toEqual({ home: 0, away: 0 });
    expect(match.scoreAt(25)).toEqual({ home: 1, away: 0 });
    expect(match.scoreAt(25 + MAP_BREAK_MINUTES + 19)).toEqual({ home: 1, away: 0 });
    expect(match.scoreAt(55)).toEqual({ home: 1, away: 1 });
    expect(match.duration).toBe(110);
    expect(match.scoreAt(109)).toEqual({ home: 1, away: 1 });
    expect(match.finalScore).toEqual({ home: 2, away: 1 });
  });

  it('stops at 2-0: two AWAY maps (FPS, 30 and 55 minutes) draw nothing more', () => {
    const rng = scripted([{ u: 0.7 }, 0, { u: 0.95 }, 25]);
    const match = simulateEsportsMatch(rng, 0.6, 'FPS');
    expect(rng.left()).toBe(0);
    expect(match.finalScore).toEqual({ home: 0, away: 2 });
    expect(match.maps.map((m) => m.minutes)).toEqual([30, 55]);
  });

  it('a timeline refuses a map after 2-0 and an undecided 1-1', () => {
    expect(
      () =>
        new EsportsTimeline([
          { winner: 'HOME', minutes: 30 },
          { winner: 'HOME', minutes: 30 },
          { winner: 'AWAY', minutes: 30 },
        ]),
    ).toThrow(RangeError);
    expect(
      () =>
        new EsportsTimeline([
          { winner: 'HOME', minutes: 30 },
          { winner: 'AWAY', minutes: 30 },
        ]),
    ).toThrow(RangeError);
  });

  it('100,000 best-of-3s at map 0.6 follow the model: match 0.648 and 3 maps 0.48, within 0.006', () => {
    const rng = seededRng('esports');
    let homeWins = 0;
    let threeMaps = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const match = simulateEsportsMatch(rng, 0.6, 'FPS');
      const s = match.finalScore;
      if (s.home > s.away) homeWins++;
      if (match.maps.length === 3) threeMaps++;
    }
    const model = esportsMarkets(0.6);
    expect(Math.abs(homeWins / n - prob(model, 'MATCH_WINNER/HOME'))).toBeLessThan(0.006);
    expect(Math.abs(threeMaps / n - prob(model, 'TOTAL_MAPS/2.5/OVER'))).toBeLessThan(0.006);
  });
});
