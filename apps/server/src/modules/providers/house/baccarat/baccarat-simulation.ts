import type { GameSimulation } from '../game-simulation';
import type { Rng } from '../secure-rng';
import { BACCARAT_BET_TYPES, publishedBaccaratFigures, settle, type BaccaratBetType } from './baccarat-bets';
import { dealRound } from './baccarat-rules';
import { BaccaratShoe } from './baccarat-shoe';

/** The stake of a simulated bet: 1.00 in minor units (a table stake: the commission is exact). */
const STAKE = 100n;

/**
 * A simulated table: rounds dealt one after another from an eight-deck shoe with its burn and cut
 * card, a new shoe when the cut card comes out (as the live tables deal), each bet settled by the
 * engine's own `settle`.
 */
function baccaratTable(): (rng: Rng, type: BaccaratBetType) => number {
  let shoe: BaccaratShoe | undefined;
  return (rng, type) => {
    if (!shoe || shoe.needsShuffle) shoe = BaccaratShoe.shuffled(rng);
    const round = dealRound(shoe);
    return Number(settle({ type, stake: STAKE }, round).payout) / Number(STAKE);
  };
}

const NAMES: Record<BaccaratBetType, string> = {
  PLAYER: 'Baccarat: player bet (ties push)',
  BANKER: 'Baccarat: banker bet, 5% commission (ties push)',
  TIE: 'Baccarat: tie bet 8:1',
  PLAYER_PAIR: 'Baccarat: player pair 11:1',
  BANKER_PAIR: 'Baccarat: banker pair 11:1',
};

/** One entry per published figure: the house edge of each bet (published RTP = 1 - edge). */
export const BACCARAT_SIMULATIONS: GameSimulation[] = BACCARAT_BET_TYPES.map((type) => {
  const edge = publishedBaccaratFigures().houseEdge[type];
  const play = baccaratTable();
  return {
    name: NAMES[type],
    publishedRtp: 1 - Number(edge.numerator) / Number(edge.denominator),
    rounds: 1_000_000,
    playRound: (rng: Rng) => play(rng, type),
  };
});
