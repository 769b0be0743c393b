import { describe, expect, it } from 'vitest';
import { hashSeed, seededRng, uniform } from './random';

describe('sportsbook random helpers', () => {
  it('seededRng repeats its sequence for a seed and differs for another seed', () => {
    const draw = (seed: string) => {
      const rng = seededRng(seed);
      return Array.from({ length: 20 }, () => rng.int(1000));
    };
    expect(draw('brand-a')).toEqual(draw('brand-a'));
    expect(draw('brand-a')).not.toEqual(draw('brand-b'));
    expect(hashSeed('brand-a')).toBe(hashSeed('brand-a'));
  });

  it('seededRng draws integers in [0, n) covering the range, and rejects a bad n', () => {
    const rng = seededRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 5_000; i++) {
      const v = rng.int(10);
      expect(v >= 0 && v < 10 && Number.isInteger(v)).toBe(true);
      seen.add(v);
    }
    expect(seen.size).toBe(10);
    for (const n of [0, 1.5, 2 ** 32 + 1]) expect(() => rng.int(n)).toThrow(RangeError);
  });

  it('uniform is in [0, 1) with mean 0.5 (100,000 draws, within 0.005)', () => {
    const rng = seededRng('uniform');
    let sum = 0;
    let outside = 0;
    for (let i = 0; i < 100_000; i++) {
      const u = uniform(rng);
      if (!(u >= 0 && u < 1)) outside++;
      sum += u;
    }
    expect(outside).toBe(0);
    expect(Math.abs(sum / 100_000 - 0.5)).toBeLessThan(0.005);
  });

  it('uniform of a scripted Rng giving the top value of both draws is just under 1', () => {
    const top = { int: (n: number) => n - 1 };
    expect(uniform(top)).toBe(1 - 2 ** -53);
    expect(uniform({ int: () => 0 })).toBe(0);
  });
});
