/**
 * mulberry32: a tiny, fast, reproducible generator for what must come out the same every time
 * (demo catalogue and artwork, captcha noise in tests, fixture lists, simulations in tests).
 * WARNING: predictable by design. Never use it where a player's money or an outcome depends on
 * it: that takes SecureRng (modules/providers/house/secure-rng.ts).
 */

/** FNV-1a of a string: a text seed as a 32-bit number. */
export function hashSeed(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Unsigned 32-bit words from a seed (a number, or a text hashed with hashSeed). */
export function seededWords(seed: number | string): () => number {
  let state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Numbers in [0, 1) from a seed. */
export function seededRandom(seed: number | string): () => number {
  const word = seededWords(seed);
  return () => word() / 4294967296;
}
