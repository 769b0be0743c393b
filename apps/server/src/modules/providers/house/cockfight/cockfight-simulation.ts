import type { CockfightSide } from '@app/contracts';
import type { GameSimulation } from '../game-simulation';
import type { Rng } from '../secure-rng';
import { COCKFIGHT_FIGURES, decideResult, makeCard, settleBet } from './cockfight-engine';

/** A stake of 100.00: odds in hundredths pay it exactly (no rounding to the minor unit). */
const STAKE = 10_000n;

/** One fight: a new card, its result, and a bet of STAKE on `side`, settled by the engine. */
export function playFight(rng: Rng, side: CockfightSide): number {
  const card = makeCard(rng);
  const result = decideResult(rng, card.chance);
  const { payout } = settleBet(side, STAKE, card.odds[side], result);
  return Number(payout) / Number(STAKE);
}

const entry = (side: CockfightSide, label: string): GameSimulation => ({
  name: `Cockfight: ${label} bet`,
  publishedRtp: COCKFIGHT_FIGURES.rtp[side],
  rounds: 1_000_000,
  playRound: (rng) => playFight(rng, side),
});

/** The published return of each bet type, measured over a million simulated fights each. */
export const COCKFIGHT_SIMULATIONS: GameSimulation[] = [
  entry('MERON', 'meron'),
  entry('WALA', 'wala'),
  entry('DRAW', 'draw'),
];
