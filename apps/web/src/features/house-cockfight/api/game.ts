import type { CockfightHistory, CockfightInfo } from '@app/contracts';
import { houseGame } from '../../../lib/game-client/house-game';

/** The arena's API: balance, chips, limits, phase lengths and published figures at launch; its bets. */
export const cockfightGame = houseGame<CockfightInfo, CockfightHistory['list'][number]>(
  'houseCockfight',
  '/wps/house/cockfight',
);
