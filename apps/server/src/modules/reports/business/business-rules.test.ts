import { describe, expect, it } from 'vitest';
import { buckets, percentOf, rtpCheck } from './business-rules';

describe('report buckets', () => {
  it('lists every day of the period', () => {
    expect(buckets('2026-02-27', '2026-03-02', 'day').map((b) => b.bucket)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('starts weeks on Monday and cuts the first and last by the period', () => {
    // 2026-11-25 is a Wednesday; 2026-12-08 a Tuesday.
    expect(buckets('2026-11-25', '2026-12-08', 'week')).toEqual([
      { bucket: '2026-11-23', from: '2026-11-25', to: '2026-11-29' },
      { bucket: '2026-11-30', from: '2026-11-30', to: '2026-12-06' },
      { bucket: '2026-12-07', from: '2026-12-07', to: '2026-12-08' },
    ]);
  });

  it('uses calendar months, across a year end and a leap February', () => {
    expect(buckets('2027-12-15', '2028-03-01', 'month')).toEqual([
      { bucket: '2027-12-01', from: '2027-12-15', to: '2027-12-31' },
      { bucket: '2028-01-01', from: '2028-01-01', to: '2028-01-31' },
      { bucket: '2028-02-01', from: '2028-02-01', to: '2028-02-29' },
      { bucket: '2028-03-01', from: '2028-03-01', to: '2028-03-01' },
    ]);
  });
});

describe('the RTP check', () => {
  const game = (settled: bigint, payoutUnits: number, ratioSq: number, publishedRtp: number | null = 96) => ({
    settled,
    settledStake: settled * 100n,
    payout: BigInt(Math.round(payoutUnits * 100)),
    ratioSq,
    publishedRtp,
  });

  it('measures payouts over stakes and the standard error from the per-bet variance', () => {
    // 1,000 bets of 1.00: 480 paid 2.00 → mean 0.96, Σr² = 1,920, variance 1.92 − 0.9216.
    const r = rtpCheck(game(1000n, 960, 1920));
    expect(r.measuredRtp).toBe(96);
    expect(r.standardError).toBeCloseTo(Math.sqrt((1.92 - 0.9216) / 1000) * 100, 3);
    expect(r.flag).toBe(false);
  });

  it('flags beyond 4 standard errors with at least 1,000 rounds, not with fewer', () => {
    // Mean 0.90 with the same spread: (0.96 − 0.90) / 0.0316 ≈ 1.9 SE: luck.
    expect(rtpCheck(game(1000n, 900, 1800)).flag).toBe(false);
    // 100,000 rounds at 0.90: SE ≈ 0.003, 20 SE off.
    expect(rtpCheck(game(100_000n, 90_000, 180_000)).flag).toBe(true);
    // Far off on 999 rounds: not enough to tell.
    expect(rtpCheck(game(999n, 0, 0)).flag).toBe(false);
    // No published figure: nothing to hold the game to.
    expect(rtpCheck(game(100_000n, 50_000, 100_000, null)).flag).toBe(false);
  });

  it('answers nothing measured when nothing settled', () => {
    expect(rtpCheck(game(0n, 0, 0))).toEqual({ measuredRtp: null, standardError: null, flag: false });
    expect(percentOf(5n, 0n)).toBeNull();
    expect(percentOf(1n, 3n)).toBe(33.3333);
  });
});
