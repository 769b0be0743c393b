import type { Rng } from './secure-rng';

/**
 * One figure a house game publishes (ISSUE 6: `npm run sim:games`), measured by playing its
 * engine's own settlement code over many simulated rounds. Each game exports a list of these
 * from `house/<game>/<game>-simulation.ts`; scripts/sim-games.ts plays each one and prints the
 * measured return with a 99% confidence interval beside the published figure.
 */
export interface GameSimulation {
  /** What is measured, e.g. 'Baccarat: banker bet' or 'Sportsbook: 1X2 singles'. */
  name: string;
  /**
   * The published return to player as a fraction of stakes (0.9894 for 98.94%). A house edge or
   * margin m is published as 1 - m here.
   */
  publishedRtp: number;
  /** Rounds to play by default (at least 1,000,000). */
  rounds: number;
  /**
   * Plays one round with a unit stake (or the game's fixed stake) and answers what it returned
   * per unit staked (stake included: 0 for a loss, 1 for a push, 2 for an even-money win). A push
   * the player takes back (tie on player/banker) counts as staked and returned.
   */
  playRound(rng: Rng): number;
}
