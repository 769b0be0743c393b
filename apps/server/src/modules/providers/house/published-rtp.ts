import { CARDS_RAKE_PERCENT, type HouseEngine } from '@app/contracts';
import { FISH_RTP_PERCENT } from './fish/fish-engine';
import { SLOT_FIGURES } from './slot-figures';

/**
 * The return to player each house engine publishes for a whole game, percent of stakes, or null
 * where the game publishes one figure per bet type (baccarat's banker/player/tie, cockfight's
 * sides, the sportsbook's markets): a game-wide return then depends on what players chose, so
 * there is nothing to hold the game to. Games of simulated studios played on a house engine
 * publish their engine's figure.
 * These are the returns of the bets themselves (stake against payout), which reports hold the bet
 * records to. The slot's players are also shown its progressive jackpot's return, paid outside the
 * bets: SLOT_PUBLISHED_RTP (jackpot/jackpot-figures.ts) is the two together.
 */
export const HOUSE_PUBLISHED_RTP: Record<HouseEngine, number | null> = {
  SLOT: SLOT_FIGURES.rtp,
  FISH: FISH_RTP_PERCENT,
  // The winner takes the pot less the rake: players as a whole get back 100 % − rake.
  CARDS: 100 - CARDS_RAKE_PERCENT,
  BACCARAT: null,
  COCKFIGHT: null,
  SPORTSBOOK: null,
};
