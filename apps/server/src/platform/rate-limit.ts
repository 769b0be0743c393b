import { sql } from 'kysely';
import type { Db } from '../db/repository';

/**
 * Fixed-window counters in the database, so every server instance sees the same counts.
 * Used for throttles (sends per number, logins per IP) and lockouts (failed logins).
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  private windowStart(windowSeconds: number, now: number): Date {
    return new Date(Math.floor(now / 1000 / windowSeconds) * windowSeconds * 1000);
  }

  /** Counts one more event in the current window and returns the new count. */
  async hit(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
    const row = await this.db
      .insertInto('rate_counter')
      .values({ key, window_start: this.windowStart(windowSeconds, now), count: 1 })
      .onConflict((oc) =>
        oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_counter.count + 1` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /**
   * Counts an attempt before the slow work it limits (a password hash), so concurrent attempts
   * see each other: the count returned includes every attempt already in flight. Reading the
   * count first and adding to it after the work lets a burst through under one reading.
   * release() takes the attempt back (it turned out right, or was refused before the work), in
   * the window it was counted in.
   */
  async reserve(
    key: string,
    windowSeconds: number,
    now = Date.now(),
  ): Promise<{ count: number; release(): Promise<void> }> {
    const windowStart = this.windowStart(windowSeconds, now);
    const count = await this.hit(key, windowSeconds, now);
    let released = false;
    return {
      count,
      release: async () => {
        if (released) return;
        released = true;
        await this.db
          .updateTable('rate_counter')
          .set({ count: sql`GREATEST(rate_counter.count - 1, 0)` })
          .where('key', '=', key)
          .where('window_start', '=', windowStart)
          .execute();
      },
    };
  }

  /** Events counted in the current window. */
  async count(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
    const row = await this.db
      .selectFrom('rate_counter')
      .select('count')
      .where('key', '=', key)
      .where('window_start', '=', this.windowStart(windowSeconds, now))
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  /** Forgets a key in every window (a successful login clears its failures). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counter').where('key', '=', key).execute();
  }

  /**
   * A lock: set() marks the key for `seconds`; locked() says whether it is still on.
   * Kept as a counter row whose window is the lock's own start.
   */
  async lock(key: string, seconds: number, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('rate_counter')
      .values({ key: `lock:${key}`, window_start: new Date(now + seconds * 1000), count: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doNothing())
      .execute();
  }

  /** Seconds left on a lock, 0 when not locked. */
  async lockedFor(key: string, now = Date.now()): Promise<number> {
    const row = await this.db
      .selectFrom('rate_counter')
      .select('window_start')
      .where('key', '=', `lock:${key}`)
      .where('window_start', '>', new Date(now))
      .orderBy('window_start', 'desc')
      .executeTakeFirst();
    return row ? Math.ceil((row.window_start.getTime() - now) / 1000) : 0;
  }

  /** Drops windows older than a day; run now and then. */
  async prune(now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('rate_counter')
      .where('window_start', '<', new Date(now - 86_400_000))
      .execute();
  }
}
