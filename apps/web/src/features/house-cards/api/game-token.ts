import { GAME_TOKEN_HEADER } from '@app/contracts';
import type { RequestOptions } from '../../../lib/api-client';

/** The card game's calls carry the launch ticket instead of the member's session. */
export const gameTokenOptions = (token: string): RequestOptions => ({
  headers: { [GAME_TOKEN_HEADER]: token },
  session: false,
});

/** Every house card query key starts with this, then the ticket (another launch is another game). */
export const cardsKeys = {
  all: (token: string) => ['houseCards', token] as const,
  info: (token: string) => ['houseCards', token, 'info'] as const,
  rooms: () => ['houseCards', 'rooms'] as const,
  table: (token: string, roomId: string) => ['houseCards', token, 'table', roomId] as const,
  history: (token: string) => ['houseCards', token, 'history'] as const,
};
