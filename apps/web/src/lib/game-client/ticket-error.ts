import { ApiError } from '../api-client';

/** A game call refused for its launch ticket (missing, expired or another game's): only the way back is left. */
export const isTicketError = (err: unknown): boolean =>
  err instanceof ApiError && (err.code === 'game.token.invalid' || err.status === 401);
