import { describe, expect, it } from 'vitest';
import { dayOf, periodAt } from '../../platform/periods';
import {
  REBATE_DAY_LAG_MS,
  canClaim,
  dayPayout,
  dueRebateDays,
  rebateFigure,
  rebateRest,
} from './rebate-formula';

const ORDER = ['RNG', 'LIVE', 'SPORTS', 'LOTT'];
const rates = new Map([
  ['RNG', 80],
  ['LIVE', 50],
  ['SPORTS', 0],
]);

describe('rebateFigure', () => {
  it('sums floor(turnover x rate / 10000) per game type, rounding each line down to the cent', () => {
    const f = rebateFigure(
      new Map([
        ['RNG', 123_45n], // 123.45 x 0.80% = 0.9876 → 0.98
        ['LIVE', 1_000_00n], // 1,000.00 x 0.50% = 5.00
      ]),
      rates,
      null,
      ORDER,
    );
    expect(f.lines).toEqual([
      { gameType: 'RNG', turnover: 123_45n, rateBp: 80, rebate: 98n },
      { gameType: 'LIVE', turnover: 1_000_00n, rateBp: 50, rebate: 5_00n },
    ]);
    expect(f.turnover).toBe(1_123_45n);
    expect(f.rebate).toBe(5_98n);
    expect(f.capped).toBe(false);
  });

  it('pays nothing for a game type without a rate, but still lists its turnover', () => {
    const f = rebateFigure(
      new Map([
        ['SPORTS', 5_000_00n],
        ['LOTT', 100n],
      ]),
      rates,
      null,
      ORDER,
    );
    expect(f.rebate).toBe(0n);
    expect(f.lines.map((l) => [l.gameType, l.turnover, l.rebate])).toEqual([
      ['RNG', 0n, 0n],
      ['LIVE', 0n, 0n],
      ['SPORTS', 5_000_00n, 0n],
      ['LOTT', 100n, 0n],
    ]);
  });

  it('lists game types with a rate even without turnover (what the member could earn)', () => {
    const f = rebateFigure(new Map(), rates, null, ORDER);
    expect(f.lines.map((l) => l.gameType)).toEqual(['RNG', 'LIVE']);
    expect(f.rebate).toBe(0n);
  });

  it('cuts the day to the cap and says so', () => {
    const f = rebateFigure(new Map([['RNG', 10_000_00n]]), rates, 50_00n, ORDER);
    expect(f.lines[0]!.rebate).toBe(80_00n);
    expect(f.rebate).toBe(50_00n);
    expect(f.capped).toBe(true);
    expect(rebateFigure(new Map([['RNG', 6_250_00n]]), rates, 50_00n, ORDER)).toMatchObject({
      rebate: 50_00n,
      capped: false,
    });
  });

  it('ignores negative turnover (never a negative rebate)', () => {
    expect(rebateFigure(new Map([['RNG', -5_00n]]), rates, null, ORDER).rebate).toBe(0n);
  });
});

describe('claims and the daily payout', () => {
  it('a claim takes the rest once it reaches the minimum', () => {
    expect(rebateRest(5_98n, 2_00n)).toBe(3_98n);
    expect(rebateRest(5_98n, 6_00n)).toBe(0n);
    expect(canClaim(99n, 1_00n)).toBe(false);
    expect(canClaim(1_00n, 1_00n)).toBe(true);
    expect(canClaim(0n, 0n)).toBe(false);
  });

  it('the job pays the rest of a day that reached the minimum, even a rest below it', () => {
    expect(dayPayout(5_98n, 0n, 1_00n)).toBe(5_98n);
    expect(dayPayout(5_98n, 5_50n, 1_00n)).toBe(48n);
    expect(dayPayout(5_98n, 5_98n, 1_00n)).toBe(0n);
    expect(dayPayout(99n, 0n, 1_00n)).toBe(0n);
  });
});

describe('due days', () => {
  const TZ = 'Asia/Manila';
  it('pays the last ended day only once the lag has passed, and looks back one more day', () => {
    const day = periodAt('D', Date.parse('2026-03-10T12:00:00+08:00'), TZ);
    const justAfter = day.end.getTime() + REBATE_DAY_LAG_MS - 1;
    expect(dueRebateDays(justAfter, TZ).map(dayOf)).toEqual(['2026-03-08', '2026-03-09']);
    expect(dueRebateDays(day.end.getTime() + REBATE_DAY_LAG_MS, TZ).map(dayOf)).toEqual([
      '2026-03-09',
      '2026-03-10',
    ]);
  });
});
