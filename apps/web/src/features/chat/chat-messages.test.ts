import type { ChatConversation, ChatMessage } from '@app/contracts';
import { QueryClient, QueryObserver, environmentManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatMessagesQueryOptions, type ChatThread } from './api/get-chat-messages';
import { chatPushHandler } from './hooks/use-chat-push';
import { fakeApi, fakeWindow, ok, type ApiCall } from './testing';

const conversation: ChatConversation = {
  id: '5',
  queue: 'GENERAL',
  status: 'OPEN',
  nickname: 'Alex',
  staffName: 'Mia',
  unread: 0,
  createdTime: '2025-01-01T00:00:00.000Z',
  closedTime: null,
};
const message = (id: number, sender: ChatMessage['sender'] = 'STAFF'): ChatMessage => ({
  id: String(id),
  sender,
  staffName: sender === 'STAFF' ? 'Mia' : null,
  text: `message ${id}`,
  imageId: null,
  createdTime: '2025-01-01T00:00:00.000Z',
});

/**
 * A server holding messages 1..n: answers those after `after`, `page` at a time.
 * `server.add()` writes a new one, as staff would.
 */
function chatServer(initial: number, page = 100) {
  let last = initial;
  const api = fakeApi({
    'GET /wps/chat/messages': (call: ApiCall) => {
      const after = Number(call.query.get('after') ?? 0);
      const ids = [];
      for (let id = after + 1; id <= last && ids.length < page; id++) ids.push(id);
      return ok({
        conversation,
        list: ids.map((id) => message(id)),
        more: ids.length > 0 && ids.at(-1)! < last,
      });
    },
  });
  return {
    ...api,
    add: () => ++last,
    afters: () => api.to('GET /wps/chat/messages').map((c) => c.query.get('after')),
  };
}

const ids = (thread: ChatThread | undefined) => thread?.list.map((m) => m.id);

describe('the conversation’s messages', () => {
  let qc: QueryClient;
  beforeEach(() => {
    fakeWindow();
    // Node has no window, which TanStack Query takes for a server (no refetch of observed queries).
    environmentManager.setIsServer(() => false);
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    qc.clear();
    environmentManager.setIsServer(() => typeof window === 'undefined');
    vi.unstubAllGlobals();
  });

  it('asks only for what is after the last message held and appends it', async () => {
    const server = chatServer(3);
    const options = chatMessagesQueryOptions('5', null);
    expect(ids(await qc.fetchQuery(options))).toEqual(['1', '2', '3']);

    server.add();
    server.add();
    await qc.refetchQueries({ queryKey: options.queryKey });
    expect(ids(qc.getQueryData(options.queryKey))).toEqual(['1', '2', '3', '4', '5']);
    expect(server.afters()).toEqual([null, '3']);
  });

  it('reads page after page while the server says there is more', async () => {
    const server = chatServer(5, 2);
    const thread = await qc.fetchQuery(chatMessagesQueryOptions('5', null));
    expect(ids(thread)).toEqual(['1', '2', '3', '4', '5']);
    expect(server.afters()).toEqual([null, '2', '4']);
  });

  it('sends a visitor’s chat token in its header, never in the URL', async () => {
    const server = chatServer(1);
    await qc.fetchQuery(chatMessagesQueryOptions('5', 'visitor-token'));
    const [call] = server.to('GET /wps/chat/messages');
    expect(call?.headers['x-chat-token']).toBe('visitor-token');
    expect([...(call?.query.keys() ?? [])]).not.toContain('x-chat-token');
  });

  it('a push event fetches the messages after the last one held', async () => {
    const server = chatServer(2);
    const options = chatMessagesQueryOptions('5', null);
    const observer = new QueryObserver(qc, options);
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(ids(observer.getCurrentResult().data)).toEqual(['1', '2']));

    // A member hears everything of its own: wallet events leave the chat alone.
    const member = chatPushHandler(qc, '5', 'member');
    member('wallet');
    await new Promise((r) => setTimeout(r, 10));
    expect(server.afters()).toEqual([null]);

    server.add();
    member('chat');
    await vi.waitFor(() => expect(ids(observer.getCurrentResult().data)).toEqual(['1', '2', '3']));
    expect(server.afters()).toEqual([null, '2']);

    // A visitor's `chat` topic is its conversation alone: any event is news.
    server.add();
    chatPushHandler(qc, '5', 'chat')(undefined);
    await vi.waitFor(() => expect(ids(observer.getCurrentResult().data)).toEqual(['1', '2', '3', '4']));
    expect(server.afters()).toEqual([null, '2', '3']);
    stop();
  });
});
