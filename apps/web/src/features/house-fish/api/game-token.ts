import { GAME_TOKEN_HEADER } from '@app/contracts';
import type { RequestOptions } from '../../../lib/api-client';

/**
 * The house game client's calls carry the launch ticket instead of the member's session: the
 * game may run in a frame, on a phone, or where no one is logged in.
 */
export const gameTokenOptions = (token: string): RequestOptions => ({
  headers: { [GAME_TOKEN_HEADER]: token },
  session: false,
});

/** Every house fish query key starts with this, then the ticket (another launch is another game). */
export const fishKeys = {
  all: (token: string) => ['houseFish', token] as const,
  info: (token: string) => ['houseFish', token, 'info'] as const,
  history: (token: string) => ['houseFish', token, 'history'] as const,
};
