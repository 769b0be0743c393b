import type { Rng } from '../secure-rng';
import { SLOT_FIGURES } from '../slot-figures';

export interface JackpotTerms {
  contributionBps: bigint;
  oddsMinor: bigint;
  seedMinor: bigint;
}

/**
 * The jackpot's published terms. The maths behind the return is in README.md beside this file;
 * sim:slot measures it.
 */
export const JACKPOT_TERMS: Readonly<JackpotTerms> = {
  /** Share of each eligible stake paid into the pool, in basis points (100 = 1.00 %). */
  contributionBps: 100n,
  /**
   * A spin wins the pool with probability stake / oddsMinor (stake in minor units): one win per
   * this many minor units staked, on average, whatever the bet size (1 in 2,000,000 per 1.00
   * staked; at a 200.00 bet 1 in 10,000 spins).
   * WARNING: must stay at most 2^32, the range the Rng draws from.
   */
  oddsMinor: 200_000_000n,
  /** What the pool starts at and is reseeded with after every win (from the brand's HOUSE account), minor units. */
  seedMinor: 500_000n,
};

/** Contributions are counted in ten-thousandths of a minor unit: stake × basis points. */
export const ACCRUAL_PER_MINOR = 10_000n;

/** The pool every eligible game feeds: brand-wide (no game groups). */
export const BRAND_POOL = 'ALL';

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
};

/** numerator/denominator in percent, rounded half up to `decimals` places. */
function percentOf(numerator: bigint, denominator: bigint, decimals: number): number {
  const scale = 100n * 10n ** BigInt(decimals);
  return Number((2n * numerator * scale + denominator) / (2n * denominator)) / 10 ** decimals;
}

interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

const add = (a: Fraction, b: Fraction): Fraction => {
  const n = a.numerator * b.denominator + b.numerator * a.denominator;
  const d = a.denominator * b.denominator;
  const g = gcd(n, d);
  return { numerator: n / g, denominator: d / g };
};

/**
 * The jackpot's long-run return per unit staked, exactly: the contribution rate plus the seed
 * share. Every win pays the pool, which is every contribution since the last win plus the seed;
 * wins come once per oddsMinor staked on average, so over time the pool pays back
 * contributionBps / 10000 + seedMinor / oddsMinor of every stake.
 */
export function jackpotReturn(terms = JACKPOT_TERMS) {
  const contribution = { numerator: terms.contributionBps, denominator: 10_000n };
  const seed = { numerator: terms.seedMinor, denominator: terms.oddsMinor };
  const total = add(contribution, seed);
  return {
    ...total,
    /** Percent, rounded to 2 decimals (published). */
    percent: percentOf(total.numerator, total.denominator, 2),
    precise: percentOf(total.numerator, total.denominator, 8),
    contributionPercent: percentOf(contribution.numerator, contribution.denominator, 2),
    seedPercent: percentOf(seed.numerator, seed.denominator, 8),
  };
}

/**
 * The house slot's published return: its paytable's (the bets' own, which reports hold the bets
 * to) plus the jackpot's, which is paid outside the bets.
 */
export function slotPublishedRtp() {
  const jackpot = jackpotReturn();
  const total = add(
    { numerator: SLOT_FIGURES.rtpNumerator, denominator: SLOT_FIGURES.rtpDenominator },
    jackpot,
  );
  return {
    /** Percent, 2 decimals: what the game shows as its RTP. */
    total: percentOf(total.numerator, total.denominator, 2),
    totalPrecise: percentOf(total.numerator, total.denominator, 8),
    paytable: SLOT_FIGURES.rtp,
    jackpot: jackpot.percent,
  };
}

export const SLOT_PUBLISHED_RTP = slotPublishedRtp();

/** Whether a spin of `stake` (minor units) wins the pool: one draw, probability stake / oddsMinor. */
export function drawsJackpot(rng: Rng, stake: bigint, terms = JACKPOT_TERMS): boolean {
  if (stake >= terms.oddsMinor) return true;
  return BigInt(rng.int(Number(terms.oddsMinor))) < stake;
}

/** A stake's contribution in ten-thousandths of a minor unit. */
export const accrualOf = (stake: bigint, terms = JACKPOT_TERMS) => stake * terms.contributionBps;

/**
 * Whole minor units a shard owes the pool when its running accrual moves from `before` to
 * `before + accrual`: the units the running total passed, so fractions are never lost nor paid twice.
 */
export function wholeUnits(before: bigint, accrual: bigint): bigint {
  return (before + accrual) / ACCRUAL_PER_MINOR - before / ACCRUAL_PER_MINOR;
}
