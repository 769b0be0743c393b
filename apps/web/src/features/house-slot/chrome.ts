import type { GameChrome } from '../../lib/game-client/game-chrome';

/** The house slot's texts (`play` namespace), CSS prefix and test id prefix in the shared game chrome. */
export const SLOT_CHROME = { ns: 'houseSlot', css: 'hs', testId: 'slot' } as const satisfies GameChrome;
