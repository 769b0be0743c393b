import { hashSeed, seededWords } from '../../../../platform/seeded-random';
import type { Rng } from '../secure-rng';

/**
 * Random helpers for the sportsbook: a seeded generator for schedules and tests, and uniform
 * floats from any Rng (the Poisson model needs them).
 */

const WORD_RANGE = 2 ** 32;

/** A 32-bit FNV-1a hash of a string: turns a brand seed plus a label into a generator state. */
export { hashSeed };

/**
 * A reproducible Rng (mulberry32) from a seed.
 *
 * WARNING: predictable by design. Use it for what must be repeatable (the fixture list, team
 * strengths) and in tests; never to decide a match a player can bet on: that takes SecureRng.
 */
export function seededRng(seed: string | number): Rng {
  const word = seededWords(seed);
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
