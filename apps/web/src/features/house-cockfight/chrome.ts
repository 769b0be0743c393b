import type { GameChrome } from '../../lib/game-client/game-chrome';

/** The cockfight arena's texts (`play` namespace), CSS prefix and test id prefix in the shared game chrome. */
export const COCKFIGHT_CHROME = {
  ns: 'cockfight',
  css: 'cf',
  testId: 'cockfight',
} as const satisfies GameChrome;
