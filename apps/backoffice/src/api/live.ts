import { STAFF_PUSH_PATH, type StaffPushQueue } from '@app/contracts';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../auth/session';

/** While the channel is down, a queue page refetches this often (it used to need a reload). */
export const OFFLINE_POLL_MS = 30_000;
/** The server closed for good: signed out (4401) or not let in from here (4403). Not retried. */
const FINAL_CLOSES = new Set([4401, 4403]);
const MAX_BACKOFF_MS = 30_000;

type Listener = () => void;

/**
 * One WebSocket for the whole back office, on the selected brand, holding the queues the pages on
 * screen show. Reconnects with exponential backoff and jitter; after a reconnect every queue
 * refetches (events may have been missed while it was down).
 */
class LiveQueues {
  private socket: WebSocket | null = null;
  private brand: string | null = null;
  private session: string | null = null;
  private readonly listeners = new Map<StaffPushQueue, Set<Listener>>();
  private readonly statusListeners = new Set<Listener>();
  private live = false;
  private attempts = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private final = false;

  isLive = () => this.live;

  onStatus = (fn: Listener) => {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  };

  /** The brand and the session (its CSRF token) to connect as; a new one of either reconnects. */
  connectAs(brand: string | null, session: string | null): void {
    if (brand === this.brand && session === this.session) return;
    this.brand = brand;
    this.session = session;
    this.final = false;
    this.restart();
  }

  listen(queue: StaffPushQueue, fn: Listener): () => void {
    let set = this.listeners.get(queue);
    const first = !set;
    if (!set) this.listeners.set(queue, (set = new Set()));
    set.add(fn);
    if (!this.socket) this.restart();
    else if (first) this.send('subscribe', [queue]);
    return () => {
      set.delete(fn);
      if (set.size > 0) return;
      this.listeners.delete(queue);
      this.send('unsubscribe', [queue]);
      if (this.listeners.size === 0) this.stop();
    };
  }

  private send(type: 'subscribe' | 'unsubscribe', queues: StaffPushQueue[]) {
    if (this.live && this.socket && queues.length > 0)
      this.socket.send(JSON.stringify({ type, topics: queues }));
  }

  private setLive(live: boolean) {
    if (live === this.live) return;
    this.live = live;
    for (const fn of this.statusListeners) fn();
  }

  private stop() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const s = this.socket;
    this.socket = null;
    s?.close(1000);
    this.setLive(false);
  }

  private restart() {
    this.stop();
    if (
      !this.brand ||
      !this.session ||
      this.listeners.size === 0 ||
      this.final ||
      typeof WebSocket === 'undefined'
    )
      return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(
      `${scheme}://${location.host}${STAFF_PUSH_PATH}?merchant=${encodeURIComponent(this.brand)}`,
    );
    this.socket = socket;
    socket.onmessage = (e) => {
      if (this.socket !== socket) return;
      let frame: { type?: string; topic?: string };
      try {
        frame = JSON.parse(String(e.data)) as typeof frame;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        this.attempts = 0;
        this.setLive(true);
        this.send('subscribe', [...this.listeners.keys()]);
        this.emitAll();
      } else if (frame.type === 'event' && frame.topic) {
        for (const fn of this.listeners.get(frame.topic as StaffPushQueue) ?? []) fn();
      } else if (frame.type === 'resync') {
        this.emitAll();
      }
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setLive(false);
      if (FINAL_CLOSES.has(e.code)) {
        this.final = true;
        return;
      }
      const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.attempts++) * (0.5 + Math.random() / 2);
      this.retry = setTimeout(() => this.restart(), wait);
    };
  }

  private emitAll() {
    for (const set of this.listeners.values()) for (const fn of set) fn();
  }
}

const live = new LiveQueues();

/**
 * Refetches a queue page's queries at an event. An answer still on its way may have been read
 * before the change; TanStack Query's invalidation restarts a fetch under way only when the query
 * already holds data (else it hands back that first answer), so those are asked once more after it.
 */
export async function refetchForEvent(client: QueryClient, queryKey: QueryKey): Promise<void> {
  const underway = client
    .getQueryCache()
    .findAll({ queryKey })
    .filter((q) => q.state.data === undefined && q.state.fetchStatus === 'fetching');
  await client.invalidateQueries({ queryKey });
  if (underway.length > 0) await client.invalidateQueries({ predicate: (q) => underway.includes(q) });
}

/**
 * Keeps a queue page current: its queries (`queryKey` prefix) refetch when the server says the
 * queue changed, and every 30 s while the live channel is down. Returns whether it is live.
 */
export function useLiveQueue(queue: StaffPushQueue, queryKey: QueryKey): boolean {
  const client = useQueryClient();
  const { brand, session } = useSession();
  const csrf = session?.csrfToken ?? null;
  const connected = useSyncExternalStore(live.onStatus, live.isLive);
  // The key as text: pages pass a fresh array each render, the subscription must not churn.
  const keyText = JSON.stringify(queryKey);

  useEffect(() => {
    live.connectAs(brand, csrf);
  }, [brand, csrf]);

  useEffect(
    () => live.listen(queue, () => void refetchForEvent(client, JSON.parse(keyText) as QueryKey)),
    [queue, client, keyText],
  );

  useEffect(() => {
    if (connected) return;
    const timer = setInterval(
      () => void client.invalidateQueries({ queryKey: JSON.parse(keyText) as QueryKey }),
      OFFLINE_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [connected, client, keyText]);

  return connected;
}
