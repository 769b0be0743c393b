import { describe, expect, it } from 'vitest';
import { cycleMs, lastClosedRound, roundAt, roundTimes, tableOffsetMs } from './baccarat-schedule';

const S = { betSeconds: 15, resultSeconds: 10, tables: 3 };

describe('baccarat schedule', () => {
  it('numbers rounds from the clock: betting, then the result phase, then the next round', () => {
    expect(cycleMs(S)).toBe(25_000);
    const t = roundTimes(S, 1, 40);
    expect(t).toEqual({ roundNo: 40, opensAt: 1_000_000, closesAt: 1_015_000, nextOpensAt: 1_025_000 });
    expect(roundAt(S, 1, 1_000_000)).toEqual(t);
    expect(roundAt(S, 1, 1_014_999)).toEqual(t);
    expect(roundAt(S, 1, 1_024_999)).toEqual(t);
    expect(roundAt(S, 1, 1_025_000).roundNo).toBe(41);
  });

  it('spreads the tables over one cycle', () => {
    expect([1, 2, 3].map((id) => tableOffsetMs(S, id))).toEqual([0, 8333, 16666]);
    expect(roundAt(S, 2, 1_000_000 + 8333)).toMatchObject({ roundNo: 40, opensAt: 1_008_333 });
  });

  it('the last closed round is the current one once betting closed, else the one before', () => {
    expect(lastClosedRound(S, 1, 1_014_999).roundNo).toBe(39);
    expect(lastClosedRound(S, 1, 1_015_000).roundNo).toBe(40);
    expect(lastClosedRound(S, 1, 1_024_999).roundNo).toBe(40);
  });
});
