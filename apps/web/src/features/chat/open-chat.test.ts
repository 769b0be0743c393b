import { CHAT_TOKEN_HEADER, type ChatConversation, type ChatOpenResult } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, fakeWindow, memoryStorage, ok } from './testing';

const conversation = (id: string, status: ChatConversation['status'] = 'WAITING'): ChatConversation => ({
  id,
  queue: 'GENERAL',
  status,
  nickname: 'Alex',
  staffName: null,
  unread: 0,
  createdTime: '2025-01-01T00:00:00.000Z',
  closedTime: null,
});
const opened = (id: string, chatToken: string | null): ChatOpenResult => ({
  conversation: conversation(id),
  chatToken,
});

/** The modules as a freshly loaded page has them (a reload: new modules, the same device storage). */
async function load() {
  vi.resetModules();
  const chat = await import('./api/open-chat');
  const { useSession } = await import('../../lib/session');
  const token = await import('./chat-token');
  return { ...chat, useSession, ...token };
}

describe('opening a conversation', () => {
  let device: Storage;
  beforeEach(() => {
    device = memoryStorage();
    fakeWindow(device);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens a logged-in member’s conversation with its session and no nickname', async () => {
    const { resumeChat, useSession } = await load();
    window.sessionStorage.setItem('token', 'member-session');
    useSession.setState({ token: 'member-session', customerId: 7 });
    const api = fakeApi({ 'POST /wps/chat/open': () => ok(opened('11', null)) });

    const result = await resumeChat('BRAND', true);

    expect(result?.conversation.id).toBe('11');
    const [call] = api.to('POST /wps/chat/open');
    expect(call?.body).toEqual({});
    expect(call?.headers.authorization).toBe('member-session');
    expect(call?.headers[CHAT_TOKEN_HEADER]).toBeUndefined();
    expect(device.getItem('chatToken.BRAND')).toBeNull();
  });

  it('asks a visitor with nothing kept for a nickname first, sending nothing', async () => {
    const { resumeChat } = await load();
    const api = fakeApi({});
    expect(await resumeChat('BRAND', false)).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('keeps a visitor’s token per brand, so a reload returns to the same conversation', async () => {
    const first = await load();
    const api = fakeApi({
      'POST /wps/chat/open': (call) =>
        call.headers[CHAT_TOKEN_HEADER] === 'tok-1' ? ok(opened('21', null)) : ok(opened('21', 'tok-1')),
    });
    const started = await first.startChat('BRAND', false, 'Alex');
    expect(started.chatToken).toBe('tok-1');
    expect(api.calls[0]?.body).toEqual({ nickname: 'Alex' });
    expect(api.calls[0]?.headers[CHAT_TOKEN_HEADER]).toBeUndefined();

    const reloaded = await load();
    const resumed = await reloaded.resumeChat('BRAND', false);
    expect(resumed).toEqual({ ...opened('21', null), chatToken: 'tok-1' });
    const back = api.calls[1];
    expect(back?.headers[CHAT_TOKEN_HEADER]).toBe('tok-1');
    // The token names the caller: no nickname, no session.
    expect(back?.body).toEqual({});
    expect(back?.headers.authorization).toBeUndefined();

    // Another brand on the same device has nothing kept.
    expect(await reloaded.resumeChat('OTHER', false)).toBeNull();
    expect(api.calls).toHaveLength(2);
  });

  it('drops the kept token when the server says the conversation is not found', async () => {
    const { keepChatToken, readChatToken, resumeChat } = await load();
    keepChatToken('BRAND', 'old-token');
    fakeApi({ 'POST /wps/chat/open': () => fail(404, 'chat.not.found', 'Conversation not found') });

    expect(await resumeChat('BRAND', false)).toBeNull();
    expect(readChatToken('BRAND')).toBeNull();
  });

  it('keeps the token when only the network failed', async () => {
    const { keepChatToken, readChatToken, resumeChat } = await load();
    keepChatToken('BRAND', 'good-token');
    fakeApi({ 'POST /wps/chat/open': () => 'network-down' });

    await expect(resumeChat('BRAND', false)).rejects.toMatchObject({ code: 'network.error' });
    expect(readChatToken('BRAND')).toBe('good-token');
  });
});
