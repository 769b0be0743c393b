import type { SportsbookInfo } from '@app/contracts';
import { houseGame } from '../../../lib/game-client/house-game';

/** The sportsbook's API: balance, stake limits, margins per market and the brand's time zone at launch. */
export const sportsbookGame = houseGame<SportsbookInfo>('houseSportsbook', '/wps/house/sportsbook');

/** How often live data is fetched again: every 5 s with real minutes, faster on a test clock. */
export const pollMs = (minuteMs: number) => Math.min(5_000, Math.max(1_000, minuteMs * 25));
