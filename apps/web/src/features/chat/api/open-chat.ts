import type { ChatOpenRequest, ChatOpenResult } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ApiError, NETWORK_ERROR } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';
import { useSession } from '../../../lib/session';
import { dropChatToken, keepChatToken, readChatToken } from '../chat-token';
import { chatAuth, isChatGone } from './chat-auth';

/**
 * `POST /wps/chat/open`: the caller's open conversation, or a new one. A visitor sends its
 * nickname to start one, or its kept token (no nickname) to come back to it.
 */
export const openChat = (body: ChatOpenRequest, chatToken: string | null) =>
  api.post<ChatOpenResult>('/wps/chat/open', body, chatAuth(chatToken));

/** A conversation the page shows, with the token that reaches it (null for a member). */
export type ChatSessionValue = ChatOpenResult;

/**
 * The caller's conversation when the page opens: a member's open one (or a new one: its session is
 * all it needs), a visitor's kept one. Null: a visitor with nothing kept (or whose conversation
 * is gone) must give a nickname first.
 */
export async function resumeChat(brand: string, member: boolean): Promise<ChatSessionValue | null> {
  if (member) return openChat({}, null);
  const token = readChatToken(brand);
  if (!token) return null;
  try {
    const result = await openChat({}, token);
    const kept = result.chatToken ?? token;
    if (kept !== token) keepChatToken(brand, kept);
    return { ...result, chatToken: kept };
  } catch (err) {
    if (!isChatGone(err)) throw err;
    dropChatToken(brand);
    return null;
  }
}

/**
 * A new conversation (the first, or after one was closed): a visitor's with its nickname and no
 * token, whose new token is kept for the next visit.
 */
export async function startChat(
  brand: string,
  member: boolean,
  nickname?: string,
): Promise<ChatSessionValue> {
  if (member) return openChat({}, null);
  const result = await openChat({ nickname }, null);
  if (result.chatToken) keepChatToken(brand, result.chatToken);
  else dropChatToken(brand);
  return result;
}

/** Only a network failure is worth asking again: any answer of the server stands. */
const retryNetwork = (count: number, err: unknown) =>
  count < 2 && err instanceof ApiError && err.code === NETWORK_ERROR;

const chatSessionKey = (brand: string, customerId: number | null, member: boolean) =>
  ['chat', 'session', brand, member ? customerId : 'visitor'] as const;

const chatSessionQueryOptions = (brand: string, customerId: number | null, member: boolean) =>
  queryOptions({
    queryKey: chatSessionKey(brand, customerId, member),
    queryFn: () => resumeChat(brand, member),
    // Opened once per page; later changes arrive with the messages.
    staleTime: Infinity,
    retry: retryNetwork,
  });

/**
 * The page's conversation: resumed on arrival, started by `start` (a visitor's nickname, or
 * "start a new chat"), forgotten by `forget` (the server said it is gone).
 */
export function useChatSession() {
  const brand = useBrand().merchantCode;
  const member = useSession((s) => s.token !== null);
  const customerId = useSession((s) => s.customerId);
  const qc = useQueryClient();
  const session = useQuery(chatSessionQueryOptions(brand, customerId, member));
  const start = useMutation({
    mutationFn: (nickname?: string) => startChat(brand, member, nickname),
    onSuccess: (result) => qc.setQueryData(chatSessionKey(brand, customerId, member), result),
  });
  const forget = useCallback(() => {
    dropChatToken(brand);
    qc.setQueryData(chatSessionKey(brand, customerId, member), null);
  }, [qc, brand, customerId, member]);
  return { session, start, forget, member };
}
