import { randomUUID } from 'node:crypto';
import type { RawData } from 'ws';
import type { ZodType } from 'zod';
import type { Bus, BusMessage } from '../../platform/bus';
import { isPushTopic } from '../../platform/push-topics';

/** Someone listening on this instance: a WebSocket, or a long poll waiting for its next answer. */
export interface Subscriber {
  /** Sends one frame (JSON text, UTF-8 encoded once for every subscriber); never throws. */
  send(frame: Buffer): void;
}

/** An event as the site receives it: the site-facing topic (`member`, `baccarat:T1`) and its kind. */
export interface PushEvent {
  topic: string;
  kind?: string;
}

interface Logged {
  seq: number;
  at: number;
  busTopic: string;
  event: PushEvent;
}

/**
 * A frame a client sent, read against its schema: the message, or why it is refused (binary, not
 * JSON, not the schema: the first issue's words, if any).
 */
export function readFrame<T>(
  raw: RawData,
  isBinary: boolean,
  schema: ZodType<T>,
): { ok: true; message: T } | { ok: false; detail?: string } {
  if (isBinary) return { ok: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString());
  } catch {
    return { ok: false };
  }
  const r = schema.safeParse(parsed);
  return r.success ? { ok: true, message: r.data } : { ok: false, detail: r.error.issues[0]?.message };
}

/** How long (and how many) recent events a long poll may resume from. */
const LOG_MS = 60_000;
const LOG_MAX = 5_000;

/**
 * This instance's subscribers by bus topic. Every bus notice for a topic with subscribers is
 * turned into one frame, encoded once, and handed to each of them; the recent events are kept
 * (a minute) so a long poll coming back with its cursor gets what it missed between two polls.
 */
export class PushHub {
  private readonly subs = new Map<string, Map<Subscriber, string>>();
  private readonly log: Logged[] = [];
  private seq = 0;
  /** This instance's name in cursors: a cursor from another instance (or before a restart) means start over. */
  readonly instance = randomUUID().slice(0, 8);
  private readonly waiters = new Set<{ topics: Set<string>; wake: () => void }>();
  private readonly unsubscribe: Array<() => void>;
  readonly stats = { delivered: 0 };

  constructor(bus: Bus) {
    this.unsubscribe = [bus.subscribe((m) => this.deliver(m)), bus.onResync(() => this.resyncAll())];
  }

  /** Delivers `busTopic`'s events to `sub`, naming them `siteTopic`. */
  add(sub: Subscriber, busTopic: string, siteTopic: string): void {
    let set = this.subs.get(busTopic);
    if (!set) this.subs.set(busTopic, (set = new Map()));
    set.set(sub, siteTopic);
  }

  remove(sub: Subscriber, busTopic: string): void {
    const set = this.subs.get(busTopic);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.subs.delete(busTopic);
  }

  /** How many subscriptions this instance holds (the metrics read it). */
  get subscriptions(): number {
    let n = 0;
    for (const set of this.subs.values()) n += set.size;
    return n;
  }

  /** The cursor a new long poll starts from: now, on this instance. */
  cursor(): string {
    return `${this.instance}:${this.seq}`;
  }

  /**
   * The events on `busTopics` after `cursor`, or null when the cursor cannot be resumed here (it
   * is another instance's, or older than the log): the caller must then start over.
   */
  since(cursor: string, busTopics: Map<string, string>): PushEvent[] | null {
    const [instance, seqText] = cursor.split(':');
    const seq = Number(seqText);
    if (instance !== this.instance || !Number.isSafeInteger(seq) || seq < 0 || seq > this.seq) return null;
    this.trim();
    const first = this.log[0];
    if (first && seq < first.seq - 1) return null;
    if (!first && seq < this.seq) return null;
    const out: PushEvent[] = [];
    for (const l of this.log) {
      if (l.seq <= seq) continue;
      const siteTopic = busTopics.get(l.busTopic);
      if (siteTopic) out.push({ ...l.event, topic: siteTopic });
    }
    return out;
  }

  /**
   * The distinct events (topic and kind) on `busTopics` in the last `ms`: what a client joining
   * these topics now may have missed since it read what it shows.
   */
  recent(busTopics: Map<string, string>, ms: number): PushEvent[] {
    const horizon = Date.now() - ms;
    const seen = new Map<string, PushEvent>();
    for (let i = this.log.length - 1; i >= 0 && this.log[i]!.at >= horizon; i--) {
      const l = this.log[i]!;
      const siteTopic = busTopics.get(l.busTopic);
      if (!siteTopic) continue;
      const key = `${siteTopic}\n${l.event.kind ?? ''}`;
      if (!seen.has(key)) seen.set(key, { ...l.event, topic: siteTopic });
    }
    return [...seen.values()].reverse();
  }

  /** Resolves at the next event on one of `busTopics`, or after `ms`, or when `signal` aborts. */
  wait(busTopics: Iterable<string>, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const waiter = { topics: new Set(busTopics), wake: () => done() };
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        signal.removeEventListener('abort', done);
        resolve();
      };
      signal.addEventListener('abort', done);
      this.waiters.add(waiter);
    });
  }

  private deliver(m: BusMessage): void {
    // Every push topic's event is logged, heard or not: a long poll between two requests has no
    // subscription yet must get it on its next one.
    if (!isPushTopic(m.topic)) return;
    const set = this.subs.get(m.topic);
    const kind =
      typeof m.data === 'object' && m.data !== null ? (m.data as { kind?: unknown }).kind : undefined;
    const event: PushEvent = { topic: '', ...(typeof kind === 'string' ? { kind } : {}) };
    this.log.push({ seq: ++this.seq, at: Date.now(), busTopic: m.topic, event });
    if (this.log.length > LOG_MAX) this.log.shift();
    if (set) {
      // One encoding per site topic name (the same bus topic is named alike by every subscriber).
      const frames = new Map<string, Buffer>();
      for (const [sub, siteTopic] of set) {
        let frame = frames.get(siteTopic);
        if (!frame) {
          frame = Buffer.from(JSON.stringify({ type: 'event', ...event, topic: siteTopic }));
          frames.set(siteTopic, frame);
        }
        sub.send(frame);
        this.stats.delivered++;
      }
    }
    for (const w of this.waiters) if (w.topics.has(m.topic)) w.wake();
  }

  /** Notices may have been lost: every subscriber refetches what it shows. */
  private resyncAll(): void {
    this.seq += LOG_MAX + 1;
    this.log.length = 0;
    const frame = Buffer.from(JSON.stringify({ type: 'resync' }));
    const told = new Set<Subscriber>();
    for (const set of this.subs.values())
      for (const sub of set.keys()) {
        if (told.has(sub)) continue;
        told.add(sub);
        sub.send(frame);
      }
    for (const w of this.waiters) w.wake();
  }

  private trim(): void {
    const horizon = Date.now() - LOG_MS;
    let drop = 0;
    while (drop < this.log.length && this.log[drop]!.at < horizon) drop++;
    if (drop > 0) this.log.splice(0, drop);
  }

  close(): void {
    for (const u of this.unsubscribe) u();
    for (const w of this.waiters) w.wake();
  }
}
