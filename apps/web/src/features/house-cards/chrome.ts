import type { GameChrome } from '../../lib/game-client/game-chrome';

/** The card game's texts (`play` namespace), CSS prefix and test id prefix in the shared game chrome. */
export const CARDS_CHROME = { ns: 'houseCards', css: 'hc', testId: 'cards' } as const satisfies GameChrome;
