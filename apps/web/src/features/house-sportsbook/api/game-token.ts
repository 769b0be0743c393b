import { GAME_TOKEN_HEADER } from '@app/contracts';
import type { RequestOptions } from '../../../lib/api-client';

/** The sportsbook client's calls carry the launch ticket instead of the member's session. */
export const gameTokenOptions = (token: string): RequestOptions => ({
  headers: { [GAME_TOKEN_HEADER]: token },
  session: false,
});

/** Every sportsbook query key starts with this, then the ticket (another launch is another game). */
export const sportsbookKeys = {
  all: (token: string) => ['houseSportsbook', token] as const,
  info: (token: string) => ['houseSportsbook', token, 'info'] as const,
  matches: (token: string) => ['houseSportsbook', token, 'matches'] as const,
  bets: (token: string) => ['houseSportsbook', token, 'bets'] as const,
};

/** How often live data is fetched again: every 5 s with real minutes, faster on a test clock. */
export const pollMs = (minuteMs: number) => Math.min(5_000, Math.max(1_000, minuteMs * 25));
