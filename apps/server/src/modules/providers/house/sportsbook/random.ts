import type { Rng } from '../secure-rng';

/**
 * Random helpers for the sportsbook: a seeded generator for schedules and tests, and uniform
 * floats from any Rng (the Poisson model needs them).
 */

const WORD_RANGE = 2 ** 32;

/** A 32-bit FNV-1a hash of a string: turns a brand seed plus a label into a generator state. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * A reproducible Rng (mulberry32) from a seed.
 *
 * WARNING: predictable by design. Use it for what must be repeatable (the fixture list, team
 * strengths) and in tests; never to decide a match a player can bet on: that takes SecureRng.
 */
export function seededRng(seed: string | number): Rng {
  let state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  const word = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    int(n) {
      if (!Number.isInteger(n) || n < 1 || n > WORD_RANGE) {
        throw new RangeError(`seededRng.int needs an integer in [1, 2^32], got ${n}`);
      }
      // Rejection as in SecureRng, so small ranges are exactly uniform.
      const limit = WORD_RANGE - (WORD_RANGE % n);
      for (;;) {
        const w = word();
        if (w < limit) return w % n;
      }
    },
  };
}

/** A uniform float in [0, 1) with 53 random bits (two draws: 26 + 27 bits). */
export function uniform(rng: Rng): number {
  return (rng.int(2 ** 26) * 2 ** 27 + rng.int(2 ** 27)) / 2 ** 53;
}
