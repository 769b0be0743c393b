import { randomUUID } from 'node:crypto';
import type { Bus } from './bus';
import { cacheTopic } from './push-topics';

/**
 * The forgetting side of a cache every instance keeps: `forget(key)` drops the entry here at once
 * and, through the bus, on every other instance within moments, so an operator's change (a brand
 * switch, a game turned off, a lottery's return) shows everywhere without waiting for the cache to
 * expire. The cache's own expiry stays as the backstop for a notice lost in transit.
 */
export class CacheNotices {
  /** Tells this cache's own notices from the other instances' (it has forgotten already). */
  private readonly self = randomUUID();

  constructor(
    private readonly bus: Bus | undefined,
    name: string,
    private readonly drop: (key: string | null) => void,
    private readonly topic = cacheTopic(name),
  ) {
    bus?.subscribe((m) => {
      if (m.topic !== this.topic) return;
      const data = (m.data ?? {}) as { key?: unknown; from?: unknown };
      if (data.from === this.self) return;
      this.drop(typeof data.key === 'string' ? data.key : null);
    });
    // Notices may have been missed while the bus was away: everything is forgotten.
    bus?.onResync(() => this.drop(null));
  }

  /** Forgets `key` (null: everything) here and on every other instance. */
  forget(key: string | null = null): void {
    this.drop(key);
    this.bus?.publish(this.topic, { key, from: this.self });
  }
}
