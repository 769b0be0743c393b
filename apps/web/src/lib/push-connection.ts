import {
  CHAT_TOKEN_HEADER,
  PUSH_CHAT_TOPIC,
  PUSH_MAX_TOPICS,
  PUSH_MEMBER_TOPIC,
  PUSH_PATH,
  PUSH_POLL_PATH,
  type PushClientMessage,
  type PushPollResult,
  type PushServerMessage,
} from '@app/contracts';
import { api } from './api-client';
import { usePushChatToken, usePushStatus, type PushRegistry } from './push';
import { useSession } from './session';
import { getMerchantCode } from './storage';

const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** WebSockets that failed to open in a row before the long poll takes over (a network that refuses them). */
const SOCKET_TRIES = 2;
/** While on the long poll, a WebSocket is tried again this often. */
const SOCKET_RETRY_MS = 5 * 60_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Exponential backoff with jitter, so a server restart is not met by every client at the same instant. */
const jitter = (ms: number) => Math.round(ms / 2 + Math.random() * (ms / 2));

/**
 * The site's one push connection: a WebSocket, re-opened with backoff when it drops, and a long
 * poll when WebSockets never open. It says hello with the session token whenever the session
 * changes, keeps the server's topic list equal to what the screens listen to, and after any gap
 * tells every screen to refetch (events may have been missed meanwhile).
 */
class PushConnection {
  private socket: WebSocket | null = null;
  private failures = 0;
  private backoff = BACKOFF_MIN_MS;
  private everConnected = false;
  private subscribed = new Set<string>();
  private helloToken: string | null | undefined = undefined;
  private helloChatToken: string | null | undefined = undefined;
  private polling: AbortController | null = null;
  private pollTopics = '';

  constructor(private readonly registry: PushRegistry) {}

  start(): void {
    this.registry.onTopicsChanged(() => {
      this.sync();
      // A long poll is holding the old topic list: start it over with the new one.
      if (this.polling && this.publicTopics().join(',') !== this.pollTopics) this.polling.abort();
    });
    useSession.subscribe((s) => {
      if (s.token !== this.helloToken) this.hello();
    });
    usePushChatToken.subscribe((s, before) => {
      if (s.chatToken !== this.helloChatToken) this.hello();
      // A long poll names the chat token in its headers: start it over with the new one.
      if (s.chatToken !== before.chatToken) this.polling?.abort();
    });
    this.openSocket();
  }

  private publicTopics(): string[] {
    return this.registry
      .topics()
      .filter((t) => t !== PUSH_MEMBER_TOPIC && t !== PUSH_CHAT_TOPIC)
      .slice(0, PUSH_MAX_TOPICS);
  }

  private status(connected: boolean, mode: 'off' | 'socket' | 'poll'): void {
    const now = usePushStatus.getState();
    if (now.connected !== connected || now.mode !== mode) usePushStatus.setState({ connected, mode });
  }

  private send(m: PushClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(m));
  }

  private openSocket(): void {
    const url = new URL(PUSH_PATH, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const merchant = getMerchantCode();
    if (merchant) url.searchParams.set('merchant', merchant);
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      this.socketFailed(false);
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.failures = 0;
      this.backoff = BACKOFF_MIN_MS;
      this.subscribed.clear();
      this.helloToken = undefined;
      this.helloChatToken = undefined;
      this.polling?.abort();
      this.hello();
      this.sync();
      this.status(true, 'socket');
      if (this.everConnected) this.registry.resyncAll();
      this.everConnected = true;
    };
    socket.onmessage = (e: MessageEvent<string>) => {
      let m: PushServerMessage;
      try {
        m = JSON.parse(e.data) as PushServerMessage;
      } catch {
        return;
      }
      if (m.type === 'event') this.registry.emit(m.topic, m.kind);
      else if (m.type === 'resync') this.registry.resyncAll();
    };
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      this.socketFailed(opened);
    };
  }

  private socketFailed(opened: boolean): void {
    if (this.polling) return;
    this.status(false, 'off');
    if (!opened) this.failures++;
    if (this.failures >= SOCKET_TRIES) {
      void this.poll();
      return;
    }
    const delay = jitter(this.backoff);
    this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
    setTimeout(() => this.openSocket(), delay);
  }

  /**
   * Joins (or leaves) the member's own topic with the session the site has now, and a visitor's
   * chat conversation with its chat token.
   */
  private hello(): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    const token = useSession.getState().token;
    const chatToken = usePushChatToken.getState().chatToken;
    this.helloToken = token;
    this.helloChatToken = chatToken;
    this.send({ type: 'hello', ...(token ? { token } : {}), ...(chatToken ? { chatToken } : {}) });
  }

  /** Makes the server's topic list this connection's screens' list. */
  private sync(): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    const want = new Set(this.publicTopics());
    const add = [...want].filter((t) => !this.subscribed.has(t));
    const drop = [...this.subscribed].filter((t) => !want.has(t));
    if (drop.length > 0) this.send({ type: 'unsubscribe', topics: drop });
    if (add.length > 0) this.send({ type: 'subscribe', topics: add });
    this.subscribed = want;
  }

  /** The long poll: one call held open until an event, then the next from its cursor. */
  private async poll(): Promise<void> {
    let cursor: string | undefined;
    let backoff = BACKOFF_MIN_MS;
    let socketTriedAt = Date.now();
    while (!this.socket) {
      if (Date.now() - socketTriedAt > SOCKET_RETRY_MS) {
        socketTriedAt = Date.now();
        this.failures = SOCKET_TRIES - 1;
        this.polling = null;
        this.openSocket();
        return;
      }
      const controller = new AbortController();
      this.polling = controller;
      this.pollTopics = this.publicTopics().join(',');
      const chatToken = usePushChatToken.getState().chatToken;
      try {
        const r = await api.get<PushPollResult>(
          PUSH_POLL_PATH,
          { topics: this.pollTopics || undefined, cursor },
          { signal: controller.signal, headers: chatToken ? { [CHAT_TOKEN_HEADER]: chatToken } : undefined },
        );
        if (r.resync && this.everConnected) this.registry.resyncAll();
        for (const e of r.events) this.registry.emit(e.topic, e.kind);
        cursor = r.cursor;
        backoff = BACKOFF_MIN_MS;
        this.everConnected = true;
        this.status(true, 'poll');
      } catch {
        if (controller.signal.aborted) continue;
        this.status(false, 'off');
        await wait(jitter(backoff));
        backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
      }
    }
    this.polling = null;
  }
}

/** Starts the site's push connection (once; push.ts calls it at the first topic a screen asks for). */
export function startPush(registry: PushRegistry): void {
  new PushConnection(registry).start();
}
