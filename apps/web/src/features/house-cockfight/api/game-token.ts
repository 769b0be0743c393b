import { GAME_TOKEN_HEADER } from '@app/contracts';
import type { RequestOptions } from '../../../lib/api-client';

/**
 * The arena's calls carry the launch ticket instead of the member's session: the game may run in
 * a frame, on a phone, or where no one is logged in.
 */
export const gameTokenOptions = (token: string): RequestOptions => ({
  headers: { [GAME_TOKEN_HEADER]: token },
  session: false,
});

/** Every cockfight query key starts with this, then the ticket (another launch is another game). */
export const cockfightKeys = {
  all: (token: string) => ['houseCockfight', token] as const,
  info: (token: string) => ['houseCockfight', token, 'info'] as const,
  state: (token: string) => ['houseCockfight', token, 'state'] as const,
  history: (token: string) => ['houseCockfight', token, 'history'] as const,
};
