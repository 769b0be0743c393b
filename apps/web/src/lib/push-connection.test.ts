import { PUSH_CHAT_TOPIC, type PushClientMessage } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushRegistry } from './push';

/** A WebSocket that opens when told and records what the site sends. */
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: PushClientMessage[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: URL) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as PushClientMessage);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  hear(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

function registry(topics: string[], heard: string[]): PushRegistry {
  return {
    topics: () => topics,
    emit: (topic, kind) => heard.push(`${topic}:${kind ?? ''}`),
    resyncAll: () => heard.push('resync'),
    onTopicsChanged: () => {},
  };
}

describe('the push connection and a visitor’s chat', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', {
      location: { href: 'http://localhost/chat' },
      sessionStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      localStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says hello with the chat token, again when it changes, and never subscribes to `chat`', async () => {
    const { usePushChatToken } = await import('./push');
    const { startPush } = await import('./push-connection');
    const heard: string[] = [];
    usePushChatToken.setState({ chatToken: 'tok-1' });
    startPush(registry([PUSH_CHAT_TOPIC, 'lottery'], heard));
    const socket = FakeSocket.last!;
    socket.open();

    expect(socket.sent).toEqual([
      { type: 'hello', chatToken: 'tok-1' },
      { type: 'subscribe', topics: ['lottery'] },
    ]);

    socket.hear({ type: 'event', topic: 'chat' });
    expect(heard).toEqual(['chat:']);

    usePushChatToken.setState({ chatToken: null });
    expect(socket.sent.at(-1)).toEqual({ type: 'hello' });
    usePushChatToken.setState({ chatToken: 'tok-2' });
    expect(socket.sent.at(-1)).toEqual({ type: 'hello', chatToken: 'tok-2' });
  });
});
