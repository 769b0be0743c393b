import type { FishSpeciesId } from '@app/contracts';
import type { Rng } from '../secure-rng';

/**
 * The return to player of every shot, as an exact fraction: 24/25 = 96%. A species with
 * multiplier m is caught with probability RTP / m = 24 / (25 m), so a shot's expected payout is
 * m × 24 / (25 m) = 24/25 of the bet whatever the player aims at. Integers throughout: the
 * capture is `rng.int(25 m) < 24`, exact with an unbiased integer draw.
 */
export const FISH_RTP_HITS = 24;
export const FISH_RTP_OUT_OF = 25;
/** The published RTP in percent. */
export const FISH_RTP_PERCENT = (FISH_RTP_HITS / FISH_RTP_OUT_OF) * 100;

interface FishSpeciesDef {
  id: FishSpeciesId;
  /** A capture pays bet × multiplier (stake included). */
  multiplier: number;
  boss: boolean;
}

/** The published fish table. Every multiplier must be >= 1 so the capture chance stays <= 96%. */
export const FISH_TABLE: readonly FishSpeciesDef[] = [
  { id: 'CLOWNFISH', multiplier: 2, boss: false },
  { id: 'ANGELFISH', multiplier: 3, boss: false },
  { id: 'PUFFERFISH', multiplier: 5, boss: false },
  { id: 'SEAHORSE', multiplier: 8, boss: false },
  { id: 'TURTLE', multiplier: 10, boss: false },
  { id: 'LOBSTER', multiplier: 15, boss: false },
  { id: 'OCTOPUS', multiplier: 20, boss: false },
  { id: 'MANTA', multiplier: 30, boss: false },
  { id: 'SHARK', multiplier: 50, boss: false },
  { id: 'WHALE', multiplier: 100, boss: false },
  { id: 'DRAGON_KING', multiplier: 300, boss: true },
];

const BY_ID = new Map(FISH_TABLE.map((s) => [s.id, s]));

function speciesOf(id: FishSpeciesId): FishSpeciesDef {
  const s = BY_ID.get(id);
  if (!s) throw new Error(`unknown fish species ${id}`);
  return s;
}

/** The capture chance of a species as hits out of a whole number of equally likely draws. */
export function captureOdds(multiplier: number): { hits: number; outOf: number } {
  if (!Number.isInteger(multiplier) || multiplier < 1) throw new RangeError(`bad multiplier ${multiplier}`);
  return { hits: FISH_RTP_HITS, outOf: FISH_RTP_OUT_OF * multiplier };
}

interface ShotOutcome {
  species: FishSpeciesId;
  multiplier: number;
  captured: boolean;
  /** Minor units: bet × multiplier on a capture, 0 otherwise. */
  win: bigint;
}

/** Decides one shot at a fish of `species` with `bet` (minor units). The only settlement rule. */
export function shoot(rng: Rng, species: FishSpeciesId, bet: bigint): ShotOutcome {
  if (bet <= 0n) throw new RangeError('bet must be positive');
  const s = speciesOf(species);
  const odds = captureOdds(s.multiplier);
  const captured = rng.int(odds.outOf) < odds.hits;
  return { species, multiplier: s.multiplier, captured, win: captured ? bet * BigInt(s.multiplier) : 0n };
}
