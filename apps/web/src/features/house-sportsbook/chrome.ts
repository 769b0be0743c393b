import type { GameChrome } from '../../lib/game-client/game-chrome';

/** The sportsbook's texts (`play` namespace), CSS prefix and test id prefix in the shared game chrome. */
export const SPORTSBOOK_CHROME = {
  ns: 'houseSportsbook',
  css: 'sb',
  testId: 'sb',
} as const satisfies GameChrome;
