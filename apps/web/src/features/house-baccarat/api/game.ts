import type { BaccaratHistory, BaccaratInfo } from '@app/contracts';
import { houseGame } from '../../../lib/game-client/house-game';

/** Live baccarat's API: tables, chips, limits, pays and the balance at launch; its rounds. */
export const baccaratGame = houseGame<BaccaratInfo, BaccaratHistory['list'][number]>(
  'houseBaccarat',
  '/wps/house/baccarat',
);
