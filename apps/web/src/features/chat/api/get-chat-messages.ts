import type { ChatConversation, ChatMessage, ChatMessages } from '@app/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchForEvent, usePollWhileOffline } from '../../../lib/push';
import { chatAuth } from './chat-auth';

/** `GET /wps/chat/messages?after=`: the conversation and its messages after `after`, oldest first. */
export const getChatMessages = (after: string | undefined, chatToken: string | null) =>
  api.get<ChatMessages>('/wps/chat/messages', { after }, chatAuth(chatToken));

/** What the page shows: the conversation as last answered and every message so far. */
export interface ChatThread {
  conversation: ChatConversation;
  list: ChatMessage[];
}

/** Pages read in one go when much arrived at once (a long history on a first visit). */
const MAX_PAGES = 20;

/** While the push channel is down the page asks this often; while it is up, rarely, as a safety net. */
export const CHAT_POLL_MS = 5_000;
export const CHAT_PUSHED_POLL_MS = 60_000;

export const chatMessagesKey = (conversationId: string) => ['chat', 'messages', conversationId] as const;

/**
 * Only what is new: each fetch asks for the messages after the last one held and appends them,
 * so a push event or a poll costs one small call however long the conversation is.
 */
export async function fetchNewMessages(
  held: ChatThread | undefined,
  chatToken: string | null,
): Promise<ChatThread> {
  let list = held?.list ?? [];
  const seen = new Set(list.map((m) => m.id));
  for (let page = 1; ; page++) {
    const answer = await getChatMessages(list.at(-1)?.id, chatToken);
    const fresh = answer.list.filter((m) => !seen.has(m.id));
    for (const m of fresh) seen.add(m.id);
    if (fresh.length > 0) list = [...list, ...fresh];
    if (!answer.more || fresh.length === 0 || page >= MAX_PAGES)
      return { conversation: answer.conversation, list };
  }
}

export const chatMessagesQueryOptions = (conversationId: string, chatToken: string | null) =>
  queryOptions({
    queryKey: chatMessagesKey(conversationId),
    queryFn: ({ client, queryKey }) => fetchNewMessages(client.getQueryData<ChatThread>(queryKey), chatToken),
    // The cache holds the thread itself: never dropped while the page is open.
    staleTime: 0,
    gcTime: Infinity,
  });

/** Asks for what is new now (a push event, a message sent); resolves once the answer is in. */
export const refreshChatMessages = (qc: QueryClient, conversationId: string) =>
  refetchForEvent(qc, { queryKey: chatMessagesKey(conversationId) });

export function useChatMessages(conversationId: string, chatToken: string | null) {
  const interval = usePollWhileOffline(CHAT_POLL_MS, CHAT_PUSHED_POLL_MS);
  return useQuery({
    ...chatMessagesQueryOptions(conversationId, chatToken),
    // A closed conversation says nothing more.
    refetchInterval: (query) => (query.state.data?.conversation.status === 'CLOSED' ? false : interval),
  });
}
