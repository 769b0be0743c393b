import type { GameChrome } from '../../lib/game-client/game-chrome';

/** The fishing shooter's texts (`play` namespace), CSS prefix and test id prefix in the shared game chrome. */
export const FISH_CHROME = { ns: 'houseFish', css: 'hf', testId: 'fish' } as const satisfies GameChrome;
