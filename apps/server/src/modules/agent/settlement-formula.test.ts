/**
 * The settlement formulas with worked examples: tiers, the figure a period pays (rounded
 * down to the minor unit), real-time accruals adding up to the day, and periods in a brand's zone.
 */
import { describe, expect, it } from 'vitest';
import {
  duePeriods,
  lastCompleted,
  maxRateBp,
  periodAt,
  periodFigure,
  realTimeAccrual,
  realTimeDayEnd,
  realTimeSlot,
  tiersRise,
  type Tier,
} from './settlement-formula';

const tier = (minAmount: bigint, minActive: number, rateBp: number): Tier => ({
  minAmount,
  minActive,
  rateBp,
});
/** 0.5% from 0; 0.8% from 10,000.00 with 3 active members; 1.2% from 50,000.00 with 5. */
const WAGE = [tier(0n, 0, 50), tier(1_000_000n, 3, 80), tier(5_000_000n, 5, 120)];
const MANILA = 'Asia/Manila';
const at = (iso: string) => Date.parse(iso);

describe('period figure', () => {
  it('turnover 12,345.00 at tier 0.8% pays 98.76', () => {
    expect(periodFigure([tier(0n, 0, 80)], 1_234_500n, 1)).toEqual({ tier: 1, rateBp: 80, figure: 9_876n });
  });

  it('turnover 12,345.00 with 2 active members stays at tier 1 (0.5%) and pays 61.72 (61.725 rounded down)', () => {
    expect(periodFigure(WAGE, 1_234_500n, 2)).toEqual({ tier: 1, rateBp: 50, figure: 6_172n });
  });

  it('turnover 12,345.00 with 3 active members reaches tier 2 (0.8%) and pays 98.76', () => {
    expect(periodFigure(WAGE, 1_234_500n, 3)).toEqual({ tier: 2, rateBp: 80, figure: 9_876n });
  });

  it('turnover 60,000.00 with 9 active members reaches tier 3 (1.2%) and pays 720.00', () => {
    expect(periodFigure(WAGE, 6_000_000n, 9)).toEqual({ tier: 3, rateBp: 120, figure: 72_000n });
  });

  it('turnover 0.99 at 0.8% pays 0.00 (0.0079 rounded down)', () => {
    expect(periodFigure([tier(0n, 0, 80)], 99n, 1).figure).toBe(0n);
  });

  it('a team loss of 20,000.00 at a 30% dividend pays 6,000.00', () => {
    expect(periodFigure([tier(0n, 0, 3000)], 2_000_000n, 4)).toEqual({
      tier: 1,
      rateBp: 3000,
      figure: 600_000n,
    });
  });

  it('a team that won (loss -500.00) pays no dividend', () => {
    expect(periodFigure([tier(0n, 0, 3000)], -50_000n, 4).figure).toBe(0n);
  });

  it('below the first tier (5,000.00 needed, 4,999.99 bet) pays nothing, tier 0', () => {
    expect(periodFigure([tier(500_000n, 0, 80)], 499_999n, 9)).toEqual({ tier: 0, rateBp: 0, figure: 0n });
  });
});

describe('tiers', () => {
  it('must rise in amount, never fall in active members or rate', () => {
    expect(tiersRise(WAGE)).toBe(true);
    expect(tiersRise([tier(0n, 0, 80)])).toBe(true);
    expect(tiersRise([tier(100n, 0, 50), tier(100n, 0, 80)])).toBe(false);
    expect(tiersRise([tier(0n, 3, 50), tier(100n, 2, 80)])).toBe(false);
    expect(tiersRise([tier(0n, 0, 80), tier(100n, 0, 50)])).toBe(false);
  });

  it('a contract’s rate is its highest tier’s (1.2% here)', () => {
    expect(maxRateBp(WAGE)).toBe(120);
  });
});

describe('real-time accruals', () => {
  it('turnover 1,000.05 then 2,500.55 then 12,345.00 at 0.8% accrues 8.00 + 12.00 + 78.76 = 98.76, the day’s figure', () => {
    const rate = [tier(0n, 0, 80)];
    let paid = 0n;
    const accruals = [100_005n, 250_055n, 1_234_500n].map((turnover) => {
      const a = realTimeAccrual(periodFigure(rate, turnover, 1).figure, paid);
      paid += a;
      return a;
    });
    expect(accruals).toEqual([800n, 1_200n, 7_876n]);
    expect(paid).toBe(periodFigure(rate, 1_234_500n, 1).figure);
  });

  it('crossing a tier mid-day: 9,999.00 at 0.5% (49.99), then 12,345.00 at 0.8% (98.76) accrues 49.99 + 48.77', () => {
    const first = realTimeAccrual(periodFigure(WAGE, 999_900n, 3).figure, 0n);
    const second = realTimeAccrual(periodFigure(WAGE, 1_234_500n, 3).figure, first);
    expect([first, second]).toEqual([4_999n, 4_877n]);
    expect(first + second).toBe(9_876n);
  });

  it('never claws back: a figure below what was paid accrues 0', () => {
    expect(realTimeAccrual(500n, 800n)).toBe(0n);
  });
});

describe('periods in the brand zone (Asia/Manila, UTC+8)', () => {
  it('a day runs from local midnight to local midnight', () => {
    expect(periodAt('D', at('2026-11-25T15:00:00Z'), MANILA)).toEqual({
      key: 'D:2026-11-25',
      dayKey: null,
      start: new Date('2026-11-24T16:00:00Z'),
      end: new Date('2026-11-25T16:00:00Z'),
    });
  });

  it('an hour is keyed by its local hour', () => {
    const h = periodAt('H', at('2026-11-25T15:30:00Z'), MANILA);
    expect(h).toMatchObject({ key: 'H:2026-11-25T23', start: new Date('2026-11-25T15:00:00Z') });
    expect(h.end).toEqual(new Date('2026-11-25T16:00:00Z'));
  });

  it('a week runs Monday to Sunday in the brand zone: Wednesday 2026-11-25 is in the week of Monday 11-23', () => {
    expect(periodAt('W', at('2026-11-25T05:00:00Z'), MANILA)).toEqual({
      key: 'W:2026-11-23',
      dayKey: null,
      start: new Date('2026-11-22T16:00:00Z'),
      end: new Date('2026-11-29T16:00:00Z'),
    });
    // Sunday 23:59 local is still that week; Monday 00:00 local starts the next.
    expect(periodAt('W', at('2026-11-29T15:59:59Z'), MANILA).key).toBe('W:2026-11-23');
    expect(periodAt('W', at('2026-11-29T16:00:00Z'), MANILA).key).toBe('W:2026-11-30');
  });

  it('half months are 1-15 and 16 to the month’s end; months are calendar months', () => {
    expect(periodAt('SM', at('2026-11-25T05:00:00Z'), MANILA)).toMatchObject({
      key: 'SM:2026-11-2',
      start: new Date('2026-11-15T16:00:00Z'),
      end: new Date('2026-11-30T16:00:00Z'),
    });
    expect(periodAt('SM', at('2026-02-10T05:00:00Z'), MANILA)).toMatchObject({
      key: 'SM:2026-02-1',
      end: new Date('2026-02-15T16:00:00Z'),
    });
    expect(periodAt('M', at('2026-12-31T17:00:00Z'), MANILA)).toMatchObject({
      key: 'M:2027-01',
      start: new Date('2026-12-31T16:00:00Z'),
    });
  });

  it('a real-time accrual at 13:37 local covers the day up to 13:35; none in the first 5 minutes', () => {
    expect(realTimeSlot(at('2026-11-25T05:37:10Z'), MANILA)).toEqual({
      key: 'RT:2026-11-25@13:35',
      dayKey: 'D:2026-11-25',
      start: new Date('2026-11-24T16:00:00Z'),
      end: new Date('2026-11-25T05:35:00Z'),
    });
    expect(realTimeSlot(at('2026-11-24T16:03:00Z'), MANILA)).toBeNull();
    expect(realTimeDayEnd(at('2026-11-25T05:37:10Z'), MANILA)).toMatchObject({
      key: 'RT:2026-11-25@24:00',
      end: new Date('2026-11-25T16:00:00Z'),
    });
  });

  it('the job settles the periods just ended and the one before', () => {
    const now = at('2026-11-25T05:37:10Z');
    expect(lastCompleted('D', now, MANILA).key).toBe('D:2026-11-24');
    expect(duePeriods('DAILY', 'D', now, MANILA).map((p) => p.key)).toEqual(['D:2026-11-23', 'D:2026-11-24']);
    expect(duePeriods('HOURLY', 'H', now, MANILA).map((p) => p.key)).toEqual([
      'H:2026-11-25T11',
      'H:2026-11-25T12',
    ]);
    expect(duePeriods('REALTIME', 'D', now, MANILA).map((p) => p.key)).toEqual([
      'RT:2026-11-24@24:00',
      'RT:2026-11-25@13:35',
    ]);
    expect(duePeriods('DIVIDEND', 'M', now, MANILA).map((p) => p.key)).toEqual(['M:2026-09', 'M:2026-10']);
  });
});
