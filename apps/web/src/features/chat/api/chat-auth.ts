import { CHAT_TOKEN_HEADER } from '@app/contracts';
import { ApiError, type RequestOptions } from '../../../lib/api-client';

/**
 * How a chat call names its caller: a visitor by its chat token (and never a session, so one
 * identity answers), a member (null) by the session the client adds anyway.
 */
export const chatAuth = (chatToken: string | null): RequestOptions | undefined =>
  chatToken ? { headers: { [CHAT_TOKEN_HEADER]: chatToken }, session: false } : undefined;

/** Codes (contracts errors.ts) saying the token's conversation cannot go on; the last: it needs a nickname again. */
const GONE_CODES: readonly string[] = ['chat.not.found', 'chat.closed', 'chat.nickname.required'];

/** The server says the conversation a visitor's token reached is closed or no longer exists. */
export const isChatGone = (err: unknown): boolean =>
  err instanceof ApiError && (GONE_CODES.includes(err.code) || err.status === 410);
