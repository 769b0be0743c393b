import { convertPoints, pointsFor } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { conversionOf, dayFigure, earnReference, minimumConversion, stillOwed } from './points-rules';

const rates = {
  turnover: new Map([
    ['RNG', 1],
    ['LIVE', 3],
    ['FISH', 0],
  ]),
  deposit: 2,
};

describe('pointsFor', () => {
  it('is floor(amount x rate) in whole points, from minor units', () => {
    expect(pointsFor(12_345n, 1)).toBe(123n); // 123.45 at 1 per 1.00
    expect(pointsFor(1_234n, 3)).toBe(37n); // 12.34 x 3 = 37.02
    expect(pointsFor(99n, 1)).toBe(0n); // 0.99 earns nothing
    expect(pointsFor(100n, 1)).toBe(1n);
    expect(pointsFor(0n, 5)).toBe(0n);
    expect(pointsFor(-500n, 5)).toBe(0n);
    expect(pointsFor(1_000_000_000_000n, 1000)).toBe(10_000_000_000_000n);
  });
});

describe('dayFigure', () => {
  it('rounds each game type down on its own, then adds the deposits', () => {
    const f = dayFigure(
      [
        { gameType: 'RNG', validBet: 150n }, // 1.50 -> 1
        { gameType: 'LIVE', validBet: 150n }, // 1.50 x 3 = 4.5 -> 4
      ],
      5_050n, // 50.50 x 2 = 101
      rates,
    );
    expect(f).toEqual({ turnoverPoints: 5n, depositPoints: 101n, total: 106n });
  });

  it('sums a game type seen twice before rounding', () => {
    const f = dayFigure(
      [
        { gameType: 'RNG', validBet: 60n },
        { gameType: 'RNG', validBet: 60n },
      ],
      0n,
      rates,
    );
    // 0.60 + 0.60 = 1.20 -> 1 (rounding each line would give 0)
    expect(f.turnoverPoints).toBe(1n);
  });

  it('gives nothing for game types without a rate or at rate 0', () => {
    const f = dayFigure(
      [
        { gameType: 'FISH', validBet: 1_000_000n },
        { gameType: 'SPORTS', validBet: 1_000_000n },
      ],
      0n,
      rates,
    );
    expect(f.total).toBe(0n);
  });
});

describe('stillOwed and the earning reference', () => {
  it('owes the rise of the figure only, never a negative amount', () => {
    expect(stillOwed(632n, 0n)).toBe(632n);
    expect(stillOwed(700n, 632n)).toBe(68n);
    expect(stillOwed(632n, 632n)).toBe(0n);
    // A figure that fell (a bet voided after settling) takes nothing back.
    expect(stillOwed(500n, 632n)).toBe(0n);
  });

  it('names the day, the member and the figure credited up to', () => {
    expect(earnReference('2026-11-25', '42', 632n)).toBe('EARN:2026-11-25:42:632');
    expect(earnReference('2026-11-25', '42', 700n)).not.toBe(earnReference('2026-11-25', '42', 632n));
  });
});

describe('convertPoints', () => {
  it('pays whole cents and takes exactly the points they are worth', () => {
    expect(convertPoints(1_234n, 100)).toEqual({ amountMinor: 1_234n, pointsUsed: 1_234n });
    // 1000 points at 150 per 1.00 are worth 6.666..: 6.66 is paid for 999 points, 1 point stays.
    expect(convertPoints(1_000n, 150)).toEqual({ amountMinor: 666n, pointsUsed: 999n });
    // 10 points at 3 per 1.00: 3.33 for all 10 (9 points would be 3.00).
    expect(convertPoints(10n, 3)).toEqual({ amountMinor: 333n, pointsUsed: 10n });
    expect(convertPoints(1n, 200)).toEqual({ amountMinor: 0n, pointsUsed: 0n });
    expect(convertPoints(0n, 100)).toEqual({ amountMinor: 0n, pointsUsed: 0n });
  });

  it('never takes more points than asked, and the points taken are worth exactly the cash', () => {
    for (const per of [1, 3, 7, 99, 100, 150, 200, 333, 1000]) {
      for (let n = 1n; n <= 2_000n; n += 37n) {
        const { amountMinor, pointsUsed } = convertPoints(n, per);
        expect(pointsUsed).toBeLessThanOrEqual(n);
        expect((pointsUsed * 100n) / BigInt(per)).toBe(amountMinor);
        if (pointsUsed > 0n) expect(((pointsUsed - 1n) * 100n) / BigInt(per)).toBeLessThan(amountMinor);
      }
    }
  });
});

describe('conversionOf', () => {
  const on = { enabled: true, pointsPerUnit: 100, minPoints: 1_000 };

  it('refuses while conversion is off, whatever the points', () => {
    expect(conversionOf(50_000n, { ...on, enabled: false })).toEqual({ ok: false, problem: 'disabled' });
  });

  it('refuses below the minimum and at a value under 0.01', () => {
    expect(conversionOf(999n, on)).toEqual({ ok: false, problem: 'minimum' });
    expect(conversionOf(1n, { enabled: true, pointsPerUnit: 500, minPoints: 1 })).toEqual({
      ok: false,
      problem: 'minimum',
    });
    expect(minimumConversion({ pointsPerUnit: 500, minPoints: 1 })).toBe(5);
    expect(minimumConversion(on)).toBe(1_000);
  });

  it('pays from the minimum up', () => {
    expect(conversionOf(1_000n, on)).toEqual({ ok: true, amountMinor: 1_000n, pointsUsed: 1_000n });
    expect(conversionOf(2_345n, on)).toEqual({ ok: true, amountMinor: 2_345n, pointsUsed: 2_345n });
  });
});
