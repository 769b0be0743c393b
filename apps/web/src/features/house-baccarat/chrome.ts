import type { GameChrome } from '../../lib/game-client/game-chrome';

/** Live baccarat's texts (`play` namespace), CSS prefix and test id prefix in the shared game chrome. */
export const BACCARAT_CHROME = {
  ns: 'houseBaccarat',
  css: 'hb',
  testId: 'baccarat',
} as const satisfies GameChrome;
