import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A message every server instance hears: a push topic that changed (a member's wallet, a live
 * table, a brand's lottery) or a cache to forget (`cache:brands`). Messages are notices, never
 * the data itself: who hears one reads the database, which stays the one source of truth.
 */
export interface BusMessage {
  topic: string;
  /** A small JSON value (an event kind, a version); the notice must fit PostgreSQL's 8 KB limit. */
  data?: unknown;
}

type Listener = (message: BusMessage) => void;

/**
 * The instances' shared notice board. Publishing is fire-and-forget: listeners on this instance
 * hear the message at once, the other instances within a few milliseconds. A notice can be lost
 * (an instance that was disconnected from PostgreSQL for a moment); `onResync` tells listeners
 * when that may have happened, so they start over from the database.
 */
export interface Bus {
  publish(topic: string, data?: unknown): void;
  subscribe(listener: Listener): () => void;
  /** Called when notices may have been missed (the listening connection came back). */
  onResync(listener: () => void): () => void;
  /** Whether notices from the other instances are arriving (always true for the one-process bus). */
  readonly connected: boolean;
  /** Messages sent to other instances and heard from them since start (the metrics endpoint reads them). */
  readonly stats: { sent: number; received: number; batches: number };
  close(): Promise<void>;
}

class Listeners {
  private readonly listeners = new Set<Listener>();
  private readonly resyncs = new Set<() => void>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onResync(listener: () => void): () => void {
    this.resyncs.add(listener);
    return () => this.resyncs.delete(listener);
  }

  emit(message: BusMessage): void {
    for (const l of this.listeners) {
      try {
        l(message);
      } catch {
        // One listener's bug must not keep the notice from the others.
      }
    }
  }

  resync(): void {
    for (const l of this.resyncs) l();
  }
}

/** One process (the embedded database, `npm start`): every listener is in this process. */
export class LocalBus implements Bus {
  private readonly listeners = new Listeners();
  readonly connected = true;
  readonly stats = { sent: 0, received: 0, batches: 0 };

  publish(topic: string, data?: unknown): void {
    // Asynchronous like the shared bus, so a publisher never runs its listeners inside its own call.
    queueMicrotask(() => this.listeners.emit({ topic, data }));
  }

  subscribe(listener: Listener) {
    return this.listeners.subscribe(listener);
  }

  onResync(listener: () => void) {
    return this.listeners.onResync(listener);
  }

  async close(): Promise<void> {}
}

/** The PostgreSQL channel every instance listens on. */
export const BUS_CHANNEL = 'platform_bus';
/** Notices published within this long are sent as one NOTIFY (one round trip for a burst). */
const FLUSH_MS = 10;
/** A NOTIFY payload must stay under 8,000 bytes; batches are cut below that. */
const MAX_PAYLOAD = 7_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

interface Wire {
  /** The sending instance, so it does not hear its own notices twice. */
  o: string;
  m: BusMessage[];
}

/**
 * Several instances on one PostgreSQL: notices go out by NOTIFY on one channel and come in on a
 * connection of its own that LISTENs (reconnected with backoff when it drops, and a resync
 * announced, since notices sent meanwhile are gone). NOTIFY is sent outside any money
 * transaction: a notifying transaction takes a database-wide lock at commit, which would
 * serialise the ledger's commits.
 */
export class PgBus implements Bus {
  private readonly listeners = new Listeners();
  private readonly origin = randomUUID();
  private readonly pool: pg.Pool;
  private client: pg.Client | null = null;
  private pending: BusMessage[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoff = RECONNECT_MIN_MS;
  private closed = false;
  private everConnected = false;
  connected = false;
  readonly stats = { sent: 0, received: 0, batches: 0 };

  private constructor(
    private readonly url: string,
    private readonly warn: (context: Record<string, unknown>, message: string) => void,
  ) {
    // Its own small pool: a burst of notices never waits behind the requests' connections.
    this.pool = new pg.Pool({ connectionString: url, max: 2, keepAlive: true });
    this.pool.on('error', () => {});
  }

  /** A bus listening before it is returned, so no notice sent after start-up is missed. */
  static async start(url: string, warn: PgBus['warn'] = () => {}): Promise<PgBus> {
    const bus = new PgBus(url, warn);
    await bus.listen();
    return bus;
  }

  publish(topic: string, data?: unknown): void {
    const message: BusMessage = data === undefined ? { topic } : { topic, data };
    queueMicrotask(() => this.listeners.emit(message));
    if (this.closed) return;
    this.pending.push(message);
    this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  subscribe(listener: Listener) {
    return this.listeners.subscribe(listener);
  }

  onResync(listener: () => void) {
    return this.listeners.onResync(listener);
  }

  private async flush(): Promise<void> {
    this.flushTimer = null;
    const messages = this.pending;
    this.pending = [];
    for (const payload of batches(this.origin, messages)) {
      try {
        await this.pool.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, payload]);
        this.stats.batches++;
      } catch (err) {
        // The other instances miss these notices; when their own listening connection is fine
        // they will not resync, so say it loudly. Their caches still expire on their own clocks.
        this.warn({ err }, 'bus: notices not sent');
      }
    }
    this.stats.sent += messages.length;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      if (n.channel !== BUS_CHANNEL || !n.payload) return;
      let wire: Wire;
      try {
        wire = JSON.parse(n.payload) as Wire;
      } catch {
        return;
      }
      if (wire.o === this.origin || !Array.isArray(wire.m)) return;
      this.stats.received += wire.m.length;
      for (const m of wire.m) if (typeof m?.topic === 'string') this.listeners.emit(m);
    });
    await client.connect();
    await client.query(`LISTEN ${BUS_CHANNEL}`);
    this.client = client;
    this.connected = true;
    this.backoff = RECONNECT_MIN_MS;
    // Whatever was sent while this instance was not listening is gone: everybody starts over.
    if (this.everConnected) this.listeners.resync();
    this.everConnected = true;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.connected = false;
    client.removeAllListeners('notification');
    void client.end().catch(() => {});
    if (!this.closed) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closed) return;
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().catch((err: unknown) => {
        this.warn({ err }, 'bus: listening connection failed; retrying');
        this.scheduleReconnect();
      });
    }, wait);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      await this.flush();
    }
    const client = this.client;
    this.client = null;
    this.connected = false;
    if (client) await client.end().catch(() => {});
    await this.pool.end();
  }
}

/** The messages as NOTIFY payloads, each under the size limit (a message too big on its own is dropped). */
export function batches(origin: string, messages: BusMessage[]): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let size = 0;
  const head = `{"o":${JSON.stringify(origin)},"m":[`;
  for (const m of messages) {
    const s = JSON.stringify(m);
    if (head.length + s.length + 2 > MAX_PAYLOAD) continue;
    if (batch.length > 0 && head.length + size + s.length + 2 > MAX_PAYLOAD) {
      out.push(`${head}${batch.join(',')}]}`);
      batch = [];
      size = 0;
    }
    batch.push(s);
    size += s.length + 1;
  }
  if (batch.length > 0) out.push(`${head}${batch.join(',')}]}`);
  return out;
}
