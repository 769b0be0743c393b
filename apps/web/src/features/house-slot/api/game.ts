import type { SlotInfo, SlotRound } from '@app/contracts';
import { houseGame } from '../../../lib/game-client/house-game';

/** The house slot's API: balance, bets, paylines, paytable and published figures at launch; its rounds. */
export const slotGame = houseGame<SlotInfo, SlotRound>('houseSlot', '/wps/house/slot');
