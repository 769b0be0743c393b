import { describe, expect, it } from 'vitest';
import type { Rng } from '../secure-rng';
import { SLOT_FIGURES } from '../slot-figures';
import {
  accrualOf,
  drawsJackpot,
  JACKPOT_TERMS,
  jackpotReturn,
  SLOT_PUBLISHED_RTP,
  wholeUnits,
} from './jackpot-figures';

/** Answers these values in turn, and records every range asked for. */
function scripted(...values: number[]): Rng & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    int(n: number) {
      asked.push(n);
      return values.shift() ?? 0;
    },
  };
}

describe('jackpot figures', () => {
  it('returns the contribution plus the seed share, exactly', () => {
    const r = jackpotReturn();
    // 1/100 + 500,000/200,000,000 = 1/100 + 1/400 = 1/80.
    expect(r.numerator * 80n).toBe(r.denominator);
    expect(r).toMatchObject({ percent: 1.25, contributionPercent: 1, seedPercent: 0.25 });
    expect(jackpotReturn({ contributionBps: 150n, oddsMinor: 1_000_000n, seedMinor: 0n }).percent).toBe(1.5);
  });

  it('publishes the slot as its paytable plus the jackpot', () => {
    expect(SLOT_PUBLISHED_RTP.paytable).toBe(SLOT_FIGURES.rtp);
    expect(SLOT_PUBLISHED_RTP.jackpot).toBe(1.25);
    expect(SLOT_PUBLISHED_RTP.totalPrecise).toBeCloseTo(
      SLOT_FIGURES.baseRtp + SLOT_FIGURES.freeSpinsRtp + 1.25,
      6,
    );
    expect(SLOT_PUBLISHED_RTP.total).toBe(97.4);
  });

  it('carries fractions of a minor unit until they make a whole one', () => {
    // 1 % of 0.20 (20 minor) is 2000 ten-thousandths: the fifth such spin makes the first cent.
    const a = accrualOf(20n);
    expect(a).toBe(2000n);
    let accrued = 0n;
    const whole: bigint[] = [];
    for (let i = 0; i < 10; i++) {
      whole.push(wholeUnits(accrued, a));
      accrued += a;
    }
    expect(whole).toEqual([0n, 0n, 0n, 0n, 1n, 0n, 0n, 0n, 0n, 1n]);
    expect(wholeUnits(9_999n, 1n)).toBe(1n);
    expect(wholeUnits(0n, accrualOf(20_000n))).toBe(200n);
  });

  it('wins with probability stake / odds, from one draw', () => {
    const odds = Number(JACKPOT_TERMS.oddsMinor);
    const rng = scripted(199, 200, 0);
    expect(drawsJackpot(rng, 200n)).toBe(true);
    expect(drawsJackpot(rng, 200n)).toBe(false);
    expect(drawsJackpot(rng, 1n)).toBe(true);
    expect(rng.asked).toEqual([odds, odds, odds]);
    expect(drawsJackpot(scripted(), JACKPOT_TERMS.oddsMinor)).toBe(true);
    // The draw stays in the range an Rng can give.
    expect(JACKPOT_TERMS.oddsMinor).toBeLessThanOrEqual(2n ** 32n);
  });
});
