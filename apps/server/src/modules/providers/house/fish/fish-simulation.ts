import type { GameSimulation } from '../game-simulation';
import type { Rng } from '../secure-rng';
import { FISH_RTP_HITS, FISH_RTP_OUT_OF, FISH_TABLE, shoot } from './fish-engine';

const RTP = FISH_RTP_HITS / FISH_RTP_OUT_OF;
const UNIT = 100n;

/** A shot at `species` with a unit bet, answered as the payout per unit staked. */
const shotAt = (species: (typeof FISH_TABLE)[number]['id']) => (rng: Rng) =>
  Number(shoot(rng, species, UNIT).win) / Number(UNIT);

/**
 * The fishing shooter publishes one figure: every shot returns 96% whatever it is aimed at. It is
 * measured per species (the boss, at 300x, needs the most rounds for a tight interval) and for a
 * player who picks targets at random.
 */
export const FISH_SIMULATIONS: GameSimulation[] = [
  ...FISH_TABLE.map((s) => ({
    name: `Fishing: shots at ${s.id} (${s.multiplier}x)`,
    publishedRtp: RTP,
    rounds: s.multiplier >= 100 ? 5_000_000 : 1_000_000,
    playRound: shotAt(s.id),
  })),
  {
    name: 'Fishing: shots at a random species',
    publishedRtp: RTP,
    rounds: 2_000_000,
    playRound: (rng: Rng) => shotAt(FISH_TABLE[rng.int(FISH_TABLE.length)]!.id)(rng),
  },
];
