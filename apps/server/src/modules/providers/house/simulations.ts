import { BACCARAT_SIMULATIONS } from './baccarat/baccarat-simulation';
import { CARDS_SIMULATIONS } from './cards/cards-simulation';
import { COCKFIGHT_SIMULATIONS } from './cockfight/cockfight-simulation';
import { FISH_SIMULATIONS } from './fish/fish-simulation';
import { SPORTSBOOK_SIMULATIONS } from './sportsbook/sportsbook-simulation';
import type { GameSimulation } from './game-simulation';
import { SLOT_FIGURES } from './slot-figures';
import { playRoundUnits } from './slot-engine';
import { SLOT_LINE_COUNT } from './slot-paytable';

/** The house slot as sim:games plays it (sim:slot plays it at length, with its hit rate). */
const SLOT_SIMULATIONS: GameSimulation[] = [
  {
    name: 'Slot (Dragon Fortune): a paid round with its free spins',
    publishedRtp: Number((SLOT_FIGURES.rtpNumerator * 10n ** 12n) / SLOT_FIGURES.rtpDenominator) / 1e12,
    rounds: 1_000_000,
    playRound: (rng) => playRoundUnits(rng) / SLOT_LINE_COUNT,
  },
];

/** Every published figure of every house game, in the order sim:games prints them. */
export const HOUSE_SIMULATIONS: GameSimulation[] = [
  ...SLOT_SIMULATIONS,
  ...BACCARAT_SIMULATIONS,
  ...FISH_SIMULATIONS,
  ...CARDS_SIMULATIONS,
  ...COCKFIGHT_SIMULATIONS,
  ...SPORTSBOOK_SIMULATIONS,
];
