import { describe, expect, it } from 'vitest';
import { SecureRng, type Rng } from '../secure-rng';
import {
  BP,
  chancesOf,
  COCKFIGHT_FIGURES,
  decideResult,
  DRAW_ODDS,
  makeCard,
  MAX_EDGE,
  settleBet,
  sideOdds,
} from './cockfight-engine';
import { COCKFIGHT_SIMULATIONS, playFight } from './cockfight-simulation';
import { cockfightTimings, fightAt, fightSlot, phaseOf } from './cockfight-schedule';
import { SIMULATION_TEST_SE } from '../game-simulation';

/** An Rng answering the given values in order (each checked to be in range). */
function scripted(values: number[]): Rng {
  const queue = [...values];
  return {
    int(n) {
      const v = queue.shift();
      if (v === undefined) throw new Error('scripted RNG exhausted');
      if (v < 0 || v >= n) throw new Error(`${v} out of range ${n}`);
      return v;
    },
  };
}

describe('cockfight rules', () => {
  it('chances sum to 100% for every edge; the stronger side is favoured and gets shorter odds', () => {
    for (let edge = -MAX_EDGE; edge <= MAX_EDGE; edge++) {
      const c = chancesOf(edge);
      expect(c.MERON + c.WALA + c.DRAW + c.CANCELLED).toBe(BP);
      if (edge > 0) expect(sideOdds(c.MERON)).toBeLessThan(sideOdds(c.WALA));
    }
    expect(chancesOf(0)).toEqual({ MERON: 4450, WALA: 4450, DRAW: 1000, CANCELLED: 100 });
    expect(sideOdds(4450)).toBe(188);
    expect(sideOdds(6050)).toBe(138);
    expect(sideOdds(2850)).toBe(294);
    expect(() => chancesOf(5)).toThrow(RangeError);
  });

  it('no side bet returns more than 95% on any card; the rounding only lowers it', () => {
    for (let edge = -MAX_EDGE; edge <= MAX_EDGE; edge++) {
      const c = chancesOf(edge);
      for (const side of ['MERON', 'WALA'] as const) {
        const rtp = (c[side] * sideOdds(c[side])) / 100 + c.DRAW + c.CANCELLED;
        expect(rtp / BP).toBeLessThanOrEqual(0.95);
        expect(rtp / BP).toBeGreaterThan(0.94);
      }
    }
    expect(COCKFIGHT_FIGURES.rtp.MERON).toBeCloseTo(COCKFIGHT_FIGURES.rtp.WALA, 12);
    expect(COCKFIGHT_FIGURES.rtp.MERON).toBeGreaterThan(0.94);
    expect(COCKFIGHT_FIGURES.rtp.MERON).toBeLessThan(0.95);
    expect(COCKFIGHT_FIGURES.rtp.DRAW).toBeCloseTo(0.91, 12);
  });

  it('decides the result from one draw over the chances, in a fixed order', () => {
    const c = chancesOf(2); // meron 5250, wala 3650
    expect(decideResult(scripted([0]), c)).toBe('CANCELLED');
    expect(decideResult(scripted([99]), c)).toBe('CANCELLED');
    expect(decideResult(scripted([100]), c)).toBe('DRAW');
    expect(decideResult(scripted([1099]), c)).toBe('DRAW');
    expect(decideResult(scripted([1100]), c)).toBe('MERON');
    expect(decideResult(scripted([1100 + 5249]), c)).toBe('MERON');
    expect(decideResult(scripted([1100 + 5250]), c)).toBe('WALA');
    expect(decideResult(scripted([BP - 1]), c)).toBe('WALA');
  });

  it('makes a card from the RNG: edge, weights, names, plumage and the odds of its chances', () => {
    // edge 8-4 = +4, base 1950+100, meron: breed 1, #10+5, weight +20, plumage 2; wala: breed 0, #10+0, +0, plumage 5
    const card = makeCard(scripted([8, 100, 20, 1, 5, 2, 0, 0, 0, 5]));
    expect(card.edge).toBe(4);
    expect(card.meron).toEqual({ name: 'Sweater #15', weight: 2050 + 60 + 20, plumage: 2 });
    expect(card.wala).toEqual({ name: 'Kelso #10', weight: 2050 - 60, plumage: 5 });
    expect(card.odds).toEqual({ MERON: 138, WALA: 294, DRAW: DRAW_ODDS });
  });

  it('settles: a win pays stake x odds rounded down, a loss nothing, a draw refunds sides, no contest voids all', () => {
    expect(settleBet('MERON', 10_000n, 188, 'MERON')).toEqual({
      status: 'WON',
      payout: 18_800n,
      validBet: 10_000n,
    });
    expect(settleBet('MERON', 333n, 188, 'MERON')).toEqual({ status: 'WON', payout: 626n, validBet: 333n });
    expect(settleBet('MERON', 10_000n, 188, 'WALA')).toEqual({
      status: 'LOST',
      payout: 0n,
      validBet: 10_000n,
    });
    expect(settleBet('WALA', 500n, 294, 'DRAW')).toEqual({ status: 'REFUNDED', payout: 500n, validBet: 0n });
    expect(settleBet('DRAW', 500n, 900, 'DRAW')).toEqual({ status: 'WON', payout: 4_500n, validBet: 500n });
    expect(settleBet('DRAW', 500n, 900, 'MERON')).toEqual({ status: 'LOST', payout: 0n, validBet: 500n });
    for (const side of ['MERON', 'WALA', 'DRAW'] as const)
      expect(settleBet(side, 700n, 150, 'CANCELLED')).toEqual({ status: 'VOID', payout: 700n, validBet: 0n });
  });
});

describe('cockfight simulation', () => {
  it('publishes one figure per bet type, each over at least a million fights', () => {
    expect(COCKFIGHT_SIMULATIONS.map((s) => s.name)).toEqual([
      'Cockfight: meron bet',
      'Cockfight: wala bet',
      'Cockfight: draw bet',
    ]);
    for (const s of COCKFIGHT_SIMULATIONS) expect(s.rounds).toBeGreaterThanOrEqual(1_000_000);
  });

  it('measures each published RTP within 5 standard errors over 200,000 fights (SecureRng)', () => {
    const rng = new SecureRng();
    const n = 200_000;
    for (const sim of COCKFIGHT_SIMULATIONS) {
      let sum = 0;
      let sq = 0;
      for (let i = 0; i < n; i++) {
        const r = sim.playRound(rng);
        sum += r;
        sq += r * r;
      }
      const mean = sum / n;
      const se = Math.sqrt((sq / n - mean * mean) / n);
      expect(
        Math.abs(mean - sim.publishedRtp),
        `${sim.name}: ${mean} vs ${sim.publishedRtp} (se ${se})`,
      ).toBeLessThan(SIMULATION_TEST_SE * se);
    }
  });

  it('a biased engine would be caught: always-meron results measure far above the published figure', () => {
    const rigged: Rng = { int: (n) => (n === 10_000 ? 1_100 : 0) }; // every fight: edge -4 (meron 2.94), meron wins
    expect(playFight(rigged, 'MERON')).toBe(2.94);
    expect(playFight(rigged, 'MERON')).toBeGreaterThan(COCKFIGHT_FIGURES.rtp.MERON * 3);
  });
});

describe('cockfight schedule', () => {
  const t = cockfightTimings(60);

  it('derives the fight and result phases from the betting window', () => {
    expect(t).toEqual({ betSeconds: 60, fightSeconds: 20, resultSeconds: 10 });
    expect(cockfightTimings(6)).toEqual({ betSeconds: 6, fightSeconds: 3, resultSeconds: 2 });
  });

  it('numbers fights from the clock: every instant belongs to exactly one fight and phase', () => {
    const s = fightSlot(1000, t);
    expect(s.closesAt.getTime() - s.opensAt.getTime()).toBe(60_000);
    expect(s.revealAt.getTime() - s.closesAt.getTime()).toBe(20_000);
    expect(s.nextAt.getTime() - s.revealAt.getTime()).toBe(10_000);
    expect(fightAt(s.opensAt.getTime(), t).fightNo).toBe(1000);
    expect(fightAt(s.nextAt.getTime() - 1, t).fightNo).toBe(1000);
    expect(fightAt(s.nextAt.getTime(), t).fightNo).toBe(1001);
    expect(phaseOf(s, s.opensAt.getTime())).toBe('BETTING');
    expect(phaseOf(s, s.closesAt.getTime() - 1)).toBe('BETTING');
    expect(phaseOf(s, s.closesAt.getTime())).toBe('FIGHTING');
    expect(phaseOf(s, s.revealAt.getTime())).toBe('RESULT');
  });
});
