import type { FishInfo, FishShot } from '@app/contracts';
import { houseGame } from '../../../lib/game-client/house-game';

/** The fishing shooter's API: balance, bets per shot, the fish table and the RTP at launch; its shots. */
export const fishGame = houseGame<FishInfo, FishShot>('houseFish', '/wps/house/fish');
