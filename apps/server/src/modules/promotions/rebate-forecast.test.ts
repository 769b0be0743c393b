import { describe, expect, it } from 'vitest';
import { rebateForecast, type ForecastTerms, type MemberDay } from './rebate-forecast';

const ORDER = ['RNG', 'LIVE', 'SPORTS'];
const rates = (byLevel: Record<number, Record<string, number>>) =>
  new Map(Object.entries(byLevel).map(([l, r]) => [Number(l), new Map(Object.entries(r))]));
const day = (level: number, t: Record<string, bigint>): MemberDay => ({
  level,
  turnover: new Map(Object.entries(t)),
});

describe('rebate cost forecast', () => {
  const current: ForecastTerms = {
    rule: { minPayout: 100n, dailyCap: null },
    rates: rates({ 0: { RNG: 50 } }),
  };

  it('prices each member-day at each set of terms and sums them', () => {
    const proposed: ForecastTerms = {
      rule: { minPayout: 100n, dailyCap: null },
      rates: rates({ 0: { RNG: 100, LIVE: 20 } }),
    };
    const f = rebateForecast(
      [day(0, { RNG: 100_000n, LIVE: 50_000n }), day(0, { RNG: 40_000n })],
      current,
      proposed,
      ORDER,
    );
    // Current: 100000 x 0.5% = 500 and 40000 x 0.5% = 200. Proposed: 1000 + 100, and 400.
    expect(f.currentCost).toBe(700n);
    expect(f.proposedCost).toBe(1_500n);
    expect(f.turnover).toBe(190_000n);
    expect(f.lines).toEqual([
      { level: 0, gameType: 'RNG', turnover: 140_000n, currentCost: 700n, proposedCost: 1_400n },
      { level: 0, gameType: 'LIVE', turnover: 50_000n, currentCost: 0n, proposedCost: 100n },
    ]);
  });

  it('cuts each member-day to the daily cap and pays nothing below the minimum payout', () => {
    const proposed: ForecastTerms = {
      rule: { minPayout: 300n, dailyCap: 800n },
      rates: rates({ 0: { RNG: 100 } }),
    };
    // Day 1: 1000 capped to 800. Day 2: 200 is under the 300 minimum: nothing.
    const f = rebateForecast([day(0, { RNG: 100_000n }), day(0, { RNG: 20_000n })], current, proposed, ORDER);
    expect(f.proposedCost).toBe(800n);
    expect(f.currentCost).toBe(500n + 100n);
  });

  it('uses each member-day’s own level, and pays nothing without a rule', () => {
    const proposed: ForecastTerms = { rule: null, rates: rates({ 0: { RNG: 50 }, 3: { RNG: 200 } }) };
    const withLevels: ForecastTerms = { ...proposed, rule: { minPayout: 1n, dailyCap: null } };
    const days = [day(0, { RNG: 10_000n }), day(3, { RNG: 10_000n })];
    expect(rebateForecast(days, current, proposed, ORDER).proposedCost).toBe(0n);
    const f = rebateForecast(days, current, withLevels, ORDER);
    expect(f.proposedCost).toBe(50n + 200n);
    expect(f.lines.map((l) => l.level)).toEqual([0, 3]);
  });
});
