import type { CockfightBetStatus, CockfightResult, CockfightSide } from '@app/contracts';
import type { Rng } from '../secure-rng';

/**
 * The house cockfight's rules, pure: the fight card (two fighters, their chances and fixed odds),
 * the result drawn from those chances, and what a bet gets back. The service stores what these
 * decide; the simulation plays the same functions.
 *
 * Chances are in basis points (1/10,000) and odds in hundredths, so every figure is an integer:
 * - no contest (a bird will not fight; every bet is refunded): 1%;
 * - draw: 10%, a draw bet pays 9.00 (8 to 1) and meron/wala bets are refunded (common sabong rule);
 * - the other 89% split between meron and wala by the strength edge of the card: an edge e in
 *   -4..+4 (uniform) gives meron 44.5% + 4e% and wala the rest;
 * - a side's odds are 0.84 / its chance, rounded down to the hundredth: with the 11% that comes
 *   back on a draw or no contest, a meron or wala bet returns at most 95% (the house margin is 5%
 *   before rounding; the exact figure, after rounding, is COCKFIGHT_FIGURES).
 */

export const BP = 10_000;
const CANCEL_BP = 100;
const DRAW_BP = 1_000;
/** Meron's chance on an even card, and what one step of edge moves it. */
const EVEN_BP = (BP - CANCEL_BP - DRAW_BP) / 2;
const EDGE_STEP_BP = 400;
export const MAX_EDGE = 4;
/** A draw bet's decimal odds, in hundredths (pays 8 to 1). */
export const DRAW_ODDS = 900;
/** What a winning meron/wala bet pays per unit of chance: 0.95 less the 11% refunded, x100 x BP. */
const SIDE_RETURN = (9_500 - CANCEL_BP - DRAW_BP) * 100;

export interface Fighter {
  name: string;
  /** Grams. */
  weight: number;
  plumage: number;
}

interface FightCard {
  /** Meron's strength edge over wala, -MAX_EDGE..MAX_EDGE. */
  edge: number;
  meron: Fighter;
  wala: Fighter;
  /** Chances in basis points; they sum to BP. */
  chance: { MERON: number; WALA: number; DRAW: number; CANCELLED: number };
  /** Decimal odds in hundredths. */
  odds: { MERON: number; WALA: number; DRAW: number };
}

const BREEDS = [
  'Kelso',
  'Sweater',
  'Roundhead',
  'Hatch',
  'Claret',
  'Lemon',
  'Grey',
  'Asil',
  'Radio',
  'Brown Red',
  'Whitehackle',
  'Butcher',
] as const;
const PLUMAGES = 6;

/** The chances of a card with this edge. */
export function chancesOf(edge: number): FightCard['chance'] {
  if (!Number.isInteger(edge) || Math.abs(edge) > MAX_EDGE) throw new RangeError(`edge ${edge}`);
  const meron = EVEN_BP + EDGE_STEP_BP * edge;
  return { MERON: meron, WALA: BP - CANCEL_BP - DRAW_BP - meron, DRAW: DRAW_BP, CANCELLED: CANCEL_BP };
}

/** Fixed odds (hundredths) of a side with this chance (basis points), rounded down. */
export const sideOdds = (chanceBp: number) => Math.floor(SIDE_RETURN / chanceBp);

function fighter(rng: Rng, weight: number): Fighter {
  return {
    name: `${BREEDS[rng.int(BREEDS.length)]} #${10 + rng.int(90)}`,
    weight,
    plumage: rng.int(PLUMAGES),
  };
}

/** A new fight card: the edge, then the two birds (the stronger one a little heavier). */
export function makeCard(rng: Rng): FightCard {
  const edge = rng.int(2 * MAX_EDGE + 1) - MAX_EDGE;
  const base = 1_950 + rng.int(300);
  const meron = fighter(rng, base + 15 * edge + rng.int(21));
  const wala = fighter(rng, base - 15 * edge + rng.int(21));
  const chance = chancesOf(edge);
  return {
    edge,
    meron,
    wala,
    chance,
    odds: { MERON: sideOdds(chance.MERON), WALA: sideOdds(chance.WALA), DRAW: DRAW_ODDS },
  };
}

/** The result of a fight: one uniform draw over the card's chances. */
export function decideResult(rng: Rng, chance: FightCard['chance']): CockfightResult {
  let r = rng.int(BP);
  for (const result of ['CANCELLED', 'DRAW', 'MERON', 'WALA'] as const) {
    if (r < chance[result]) return result;
    r -= chance[result];
  }
  throw new Error('fight chances do not sum to 10,000');
}

interface Settlement {
  status: Extract<CockfightBetStatus, 'WON' | 'LOST' | 'REFUNDED' | 'VOID'>;
  /** What goes back to the player, stake included (minor units). */
  payout: bigint;
  /** The part of the stake that counts as turnover: none for a bet refunded or void. */
  validBet: bigint;
}

/**
 * What a bet gets back: a win pays stake x odds (rounded down to the minor unit), a loss nothing;
 * on a draw, meron and wala bets get their stake back; no contest voids every bet.
 */
export function settleBet(
  side: CockfightSide,
  stake: bigint,
  odds: number,
  result: CockfightResult,
): Settlement {
  if (result === 'CANCELLED') return { status: 'VOID', payout: stake, validBet: 0n };
  if (result === 'DRAW' && side !== 'DRAW') return { status: 'REFUNDED', payout: stake, validBet: 0n };
  if (result === side) return { status: 'WON', payout: (stake * BigInt(odds)) / 100n, validBet: stake };
  return { status: 'LOST', payout: 0n, validBet: stake };
}

/**
 * The published return to player of each bet type, exact: the mean over the equally likely
 * edges of (chance to win x odds + chance of a refund).
 */
function exactRtp(side: CockfightSide): number {
  let sum = 0;
  for (let edge = -MAX_EDGE; edge <= MAX_EDGE; edge++) {
    const c = chancesOf(edge);
    const odds = side === 'DRAW' ? DRAW_ODDS : sideOdds(c[side]);
    const refund = side === 'DRAW' ? c.CANCELLED : c.CANCELLED + c.DRAW;
    sum += (c[side] * odds) / 100 + refund;
  }
  return sum / (2 * MAX_EDGE + 1) / BP;
}

export const COCKFIGHT_FIGURES = {
  /** Returns as fractions of stakes (0.9466 is 94.66%). */
  rtp: { MERON: exactRtp('MERON'), WALA: exactRtp('WALA'), DRAW: exactRtp('DRAW') },
  drawChance: DRAW_BP / BP,
  cancelChance: CANCEL_BP / BP,
  drawOdds: DRAW_ODDS / 100,
} as const;
