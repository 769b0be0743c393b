import { GAME_TOKEN_HEADER } from '@app/contracts';
import type { RequestOptions } from '../../../lib/api-client';

/** The game's calls carry the launch ticket instead of the member's session. */
export const gameTokenOptions = (token: string): RequestOptions => ({
  headers: { [GAME_TOKEN_HEADER]: token },
  session: false,
});

/** Every baccarat query key starts with this, then the ticket (another launch is another game). */
export const baccaratKeys = {
  info: (token: string) => ['houseBaccarat', token, 'info'] as const,
  tables: (token: string) => ['houseBaccarat', token, 'tables'] as const,
  state: (token: string, table: number) => ['houseBaccarat', token, 'state', table] as const,
  history: (token: string) => ['houseBaccarat', token, 'history'] as const,
};
