import { CARDS_RAKE_PERCENT, CARDS_SEATS } from '@app/contracts';
import type { GameSimulation } from '../game-simulation';
import type { Rng } from '../secure-rng';
import { deal, HOUSE_PLAY_SHARE, houseSeatPlays, settleHand } from './cards-rules';

/** Any ante will do; 100 minor units keeps 5% of every pot a whole number of minor units. */
const ANTE = 100n;

/**
 * One hand at a full table where every seat plays the house seats' published rule, measured from
 * seat 0: what it got back, per unit of a seat's average stake (the ante, plus the ante again
 * with the probability HOUSE_PLAY_SHARE that the rule plays). The seats are alike, so each one's
 * expected share of the pots is its share of the stakes: the mean is 1 - rake exactly when the
 * deal is fair and the showdown pays out the whole pot less the rake, no more and no less.
 */
export function playCardsSeat(rng: Rng): number {
  const hands = deal(rng, CARDS_SEATS);
  const result = settleHand(
    hands.map((cards) => ({ cards, play: houseSeatPlays(cards) })),
    ANTE,
  );
  return Number(result.seats[0]!.payout) / (Number(ANTE) * (1 + HOUSE_PLAY_SHARE));
}

export const CARDS_SIMULATIONS: GameSimulation[] = [
  {
    name: `Three Card Showdown: seats' share of the pots (rake ${CARDS_RAKE_PERCENT}%)`,
    publishedRtp: 1 - CARDS_RAKE_PERCENT / 100,
    rounds: 1_000_000,
    playRound: playCardsSeat,
  },
];
