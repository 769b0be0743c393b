import type { CardsHistory, CardsInfo } from '@app/contracts';
import { houseGame } from '../../../lib/game-client/house-game';

/** The card game's API: balance, rooms, rake, timing and the house seats' rule at launch; its hands. */
export const cardsGame = houseGame<CardsInfo, CardsHistory['list'][number]>('houseCards', '/wps/house/cards');
