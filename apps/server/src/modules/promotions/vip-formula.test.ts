import { describe, expect, it } from 'vitest';
import { levelFor, nextLevel, stillNeeded, upgradesTo, type LevelThresholds } from './vip-formula';

const L = (level: number, minTurnover: bigint, minDeposit: bigint): LevelThresholds => ({
  level,
  minTurnover,
  minDeposit,
});
const LEVELS = [L(0, 0n, 0n), L(1, 5_000_00n, 1_000_00n), L(2, 20_000_00n, 5_000_00n), L(3, 100_000_00n, 0n)];

describe('levelFor', () => {
  it('is the highest level whose turnover and deposit thresholds are both met', () => {
    expect(levelFor(LEVELS, 0n, 0n)).toBe(0);
    expect(levelFor(LEVELS, 5_000_00n, 1_000_00n)).toBe(1);
    expect(levelFor(LEVELS, 19_999_99n, 50_000_00n)).toBe(1);
    expect(levelFor(LEVELS, 20_000_00n, 5_000_00n)).toBe(2);
  });

  it('needs both figures: turnover alone or deposits alone is not enough', () => {
    expect(levelFor(LEVELS, 10_000_00n, 999_99n)).toBe(0);
    expect(levelFor(LEVELS, 4_999_99n, 1_000_000_00n)).toBe(0);
  });

  it('takes a higher level met even when a lower one is not (thresholds need not rise together)', () => {
    // Level 3 asks no deposits: 100,000 of turnover reaches it without level 1's deposits.
    expect(levelFor(LEVELS, 100_000_00n, 0n)).toBe(3);
  });

  it('is 0 for a brand without levels', () => {
    expect(levelFor([], 1_000_000_00n, 1_000_000_00n)).toBe(0);
  });
});

describe('upgradesTo', () => {
  it('lists every level passed, lowest first; none when the target is not higher', () => {
    expect(upgradesTo(LEVELS, 0, 3)).toEqual([1, 2, 3]);
    expect(upgradesTo(LEVELS, 1, 2)).toEqual([2]);
    expect(upgradesTo(LEVELS, 2, 2)).toEqual([]);
    expect(upgradesTo(LEVELS, 3, 1)).toEqual([]);
  });

  it('skips level numbers the brand does not have', () => {
    expect(upgradesTo([L(0, 0n, 0n), L(2, 1n, 0n), L(5, 2n, 0n)], 0, 5)).toEqual([2, 5]);
  });
});

describe('nextLevel and stillNeeded', () => {
  it('finds the next configured level, null at the top', () => {
    expect(nextLevel(LEVELS, 0)?.level).toBe(1);
    expect(nextLevel(LEVELS, 2)?.level).toBe(3);
    expect(nextLevel(LEVELS, 3)).toBeNull();
  });

  it('says what is missing, never a negative amount', () => {
    expect(stillNeeded(5_000_00n, 1_234_56n)).toBe(3_765_44n);
    expect(stillNeeded(5_000_00n, 5_000_00n)).toBe(0n);
    expect(stillNeeded(5_000_00n, 9_000_00n)).toBe(0n);
  });
});
