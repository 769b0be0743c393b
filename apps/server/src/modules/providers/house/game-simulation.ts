import type { Rng } from './secure-rng';

/**
 * One figure a house game publishes (`npm run sim:games`), measured by playing its
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

/**
 * How far, in standard errors, a unit test's 200,000-round measurement may stray from a published
 * figure. About 20 such checks run in every test run: at 4 a fair engine failed about one run in
 * a thousand (seen once in CI at 4.7); at 5 it is about one in 100,000, while a bias of 1% of the
 * stake (about 5 standard errors at 200,000 rounds) or more is still caught. `npm run sim:games`
 * measures each figure over a million rounds and more.
 */
export const SIMULATION_TEST_SE = 5;
