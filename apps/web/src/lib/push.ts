import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';

/** Hears a topic's event (`kind`), or 'resync' when events may have been missed. */
type Handler = (kind: string | undefined) => void;

interface PushStatus {
  /** Whether events are arriving now (WebSocket open, or the long poll running). */
  connected: boolean;
  mode: 'off' | 'socket' | 'poll';
}

/**
 * Whether the push channel is up. Screens poll while it is down, as they did before it existed,
 * and slow down (or stop) while it is up: nothing breaks when a network refuses it.
 */
export const usePushStatus = create<PushStatus>(() => ({ connected: false, mode: 'off' }));

/**
 * The chat token the connection says hello with (null: none; a member's session is enough): a
 * visitor's chat page hears its conversation's `chat` events, a topic joined by the hello like
 * `member`, never subscribed.
 */
export const usePushChatToken = create<{ chatToken: string | null }>(() => ({ chatToken: null }));

/** What the connection (loaded on first use, push-connection.ts) reads and calls. */
export interface PushRegistry {
  topics(): string[];
  emit(topic: string, kind: string | undefined): void;
  /** Every topic heard: after a reconnect or a resync, events may have been missed. */
  resyncAll(): void;
  onTopicsChanged(listener: () => void): void;
}

const handlers = new Map<string, Set<Handler>>();
const topicListeners = new Set<() => void>();

const registry: PushRegistry = {
  topics: () => [...handlers.keys()],
  emit(topic, kind) {
    for (const h of handlers.get(topic) ?? []) h(kind);
  },
  resyncAll() {
    for (const set of handlers.values()) for (const h of set) h('resync');
  },
  onTopicsChanged(listener) {
    topicListeners.add(listener);
  },
};

let started = false;
/** The connection's code loads only when a screen first asks for a topic (the first page stays light). */
function start() {
  if (started || typeof WebSocket === 'undefined') return;
  started = true;
  void import('./push-connection')
    .then((m) => m.startPush(registry))
    .catch(() => {
      started = false;
    });
}

/**
 * Calls `handler` at each event of `topic` ('member', 'baccarat:2', 'lottery', ...) while the
 * component is mounted; null listens to nothing. The handler typically invalidates the query that
 * shows the topic, so the screen refetches at once instead of at its next poll.
 */
export function usePushTopic(topic: string | null, handler: Handler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!topic) return;
    const h: Handler = (kind) => latest.current(kind);
    let set = handlers.get(topic);
    const added = !set;
    if (!set) handlers.set(topic, (set = new Set()));
    set.add(h);
    if (added) for (const l of topicListeners) l();
    start();
    return () => {
      set.delete(h);
      if (set.size === 0) {
        handlers.delete(topic);
        for (const l of topicListeners) l();
      }
    };
  }, [topic]);
}

/**
 * What an event does to the queries it concerns: they are fetched again. The event says the data
 * changed, so an answer still on its way may have been read before the change; TanStack Query's
 * invalidation restarts a fetch under way only when the query already holds data, and otherwise
 * hands back that first fetch's answer. Such queries are asked once more after it.
 */
export async function refetchForEvent(qc: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  const underway = qc
    .getQueryCache()
    .findAll(filters)
    .filter((q) => q.state.data === undefined && q.state.fetchStatus === 'fetching');
  await qc.invalidateQueries(filters);
  if (underway.length > 0) await qc.invalidateQueries({ predicate: (q) => underway.includes(q) });
}

/**
 * How often a screen polls: `pollMs` while the channel is down, `pushedMs` (or never: false) while
 * events arrive by push.
 */
export function usePollWhileOffline(pollMs: number, pushedMs: number | false): number | false {
  const connected = usePushStatus((s) => s.connected);
  return connected ? pushedMs : pollMs;
}

/**
 * A live table's poll while pushed: what changes by the clock (betting closes, the next round
 * opens) is asked for just after it happens, what changes otherwise (cards dealt, a result) comes
 * by push; never longer than `maxMs` as a backstop. Counted from `serverNow`, the server's clock
 * when it answered: the wait depends on the answer alone, so it stays the same however often the
 * screen renders (TanStack Query restarts its timer whenever the interval changes, and a table
 * re-renders every tick of its countdown).
 */
export function untilNextMoment(moments: number[], serverNow: number, maxMs = 10_000): number {
  let next = Infinity;
  for (const m of moments) if (m > serverNow && m < next) next = m;
  return Math.min(maxMs, Math.max(250, next - serverNow + 150));
}

/**
 * `refetchInterval` of a live table: every second while the channel is down, else until the
 * table's next moment (`clock` reads the moments and the server's time from an answer).
 */
export function liveTableInterval<T>(
  pushed: boolean,
  clock: (data: T) => { serverNow: number; moments: number[] },
  maxMs?: number,
): (query: { state: { data: T | undefined } }) => number {
  return (query) => {
    const data = query.state.data;
    if (!pushed || data === undefined) return 1_000;
    const c = clock(data);
    return untilNextMoment(c.moments, c.serverNow, maxMs);
  };
}

/**
 * `fn` at most once per `ms`: `call()` runs it now if the last run is `ms` old, else once at the
 * end of the window (a burst is one run now and one after, so the burst's last change is seen);
 * `now()` runs it at once and starts a new window.
 */
export function throttleTrailing(ms: number, fn: () => void) {
  let lastAt = -Infinity;
  let later: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (later) clearTimeout(later);
    later = null;
  };
  const now = () => {
    cancel();
    lastAt = Date.now();
    fn();
  };
  return {
    now,
    call() {
      const wait = lastAt + ms - Date.now();
      if (wait <= 0) now();
      else later ??= setTimeout(now, wait);
    },
    cancel,
  };
}
