import { randomInt } from 'node:crypto';

/** A raffle prize: an amount (minor units) drawn with chance weight / the sum of the weights. */
export interface Prize {
  seq: number;
  amount: bigint;
  weight: number;
}

/** The one thing a draw needs from a random source; tests inject a scripted one. */
export interface Rng {
  /** A uniform integer in [0, n). */
  int(n: number): number;
}

/**
 * Uniform integers from the operating system's CSPRNG: crypto.randomInt rejects the words that
 * would bias `word % n` (no modulo bias), like the house games' SecureRng, which this module may
 * not import (modules share only services).
 */
export const cryptoRng: Rng = { int: (n) => randomInt(n) };

/** The total weight crypto.randomInt can draw from (its range is below 2^48). */
const MAX_TOTAL_WEIGHT = 2 ** 47;

/**
 * Draws one prize: a uniform integer r in [0, total weight), then the prize whose cumulative
 * weight range [before, before + weight) holds r. Each prize is drawn with chance exactly
 * weight / total. Throws on an empty table or a weight that is not a positive integer.
 */
export function drawPrize(prizes: readonly Prize[], rng: Rng): Prize {
  if (prizes.length === 0) throw new Error('raffle: no prizes');
  let total = 0;
  for (const p of prizes) {
    if (!Number.isSafeInteger(p.weight) || p.weight <= 0) throw new Error(`raffle: bad weight ${p.weight}`);
    total += p.weight;
  }
  if (total > MAX_TOTAL_WEIGHT) throw new Error('raffle: total weight too large');
  const r = rng.int(total);
  let before = 0;
  for (const p of prizes) {
    before += p.weight;
    if (r < before) return p;
  }
  // r < total always; kept so a broken rng cannot return undefined.
  throw new Error(`raffle: rng returned ${r} for total ${total}`);
}

/** Each prize's chance in percent with 2 decimals (what the detail page shows). */
export function prizeChances(prizes: readonly Prize[]): { amount: bigint; chance: number }[] {
  const total = prizes.reduce((s, p) => s + p.weight, 0);
  return prizes.map((p) => ({
    amount: p.amount,
    chance: total > 0 ? Math.round((p.weight * 10_000) / total) / 100 : 0,
  }));
}
