import { sql } from 'kysely';
import type { Db } from '../db/repository';

/**
 * Sliding-window counters in the database, so every server instance sees the same counts.
 * allow() is a throttle (sends per number, logins per IP): it counts only what it lets through.
 * reserve() counts every attempt, for lockouts (failed logins) that count wrong answers.
 *
 * Each key counts per fixed window, and a count is the current window's plus the previous
 * window's weighted by how much of it still lies within the last `windowSeconds` (the estimate
 * of a sliding window, exact for a steady rate). Fixed windows alone let a burst through twice
 * over at a window's turn: the limit at the end of one window and again at the start of the next.
 * The previous window's share is rounded down, so a steady rate at the limit is never refused.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  private windowStart(windowSeconds: number, now: number): Date {
    return new Date(Math.floor(now / 1000 / windowSeconds) * windowSeconds * 1000);
  }

  /**
   * How much of the previous window still lies in the sliding window ending at `now`, in
   * milliseconds. The sliding window is the last `windowSeconds` less a millisecond: an event
   * counts until exactly one window after it, so a client keeping a steady 10 a second is never
   * one over at a window's first instant. In whole milliseconds: fractions of a window in
   * floating point round 5 down to 4.99….
   */
  private overlapMs(windowSeconds: number, now: number): number {
    const windowMs = windowSeconds * 1000;
    return windowMs - (now % windowMs) - 1;
  }

  /** The previous window's events still inside the sliding window ending at `now`. */
  private carried(previous: number, windowSeconds: number, now: number): number {
    return Math.floor((previous * this.overlapMs(windowSeconds, now)) / (windowSeconds * 1000));
  }

  /**
   * Counts one more event when the sliding window holds fewer than `limit`, and says whether it
   * did. A refused event is not counted: a client that keeps retrying too fast still gets
   * `limit` events a window through, rather than being starved by its own refused attempts.
   */
  async allow(key: string, windowSeconds: number, limit: number, now = Date.now()): Promise<boolean> {
    const start = this.windowStart(windowSeconds, now);
    const windowMs = windowSeconds * 1000;
    // The previous window's share, worked out by the database in the same statement; the
    // conditional upsert then decides on the row as locked, so concurrent events never both
    // take the last place.
    const { rows } = await sql<{ count: number }>`
      WITH carried AS (
        SELECT coalesce(floor(p.count::bigint * ${this.overlapMs(windowSeconds, now)} / ${windowMs}), 0)::int AS n
          FROM (SELECT 1) one
          LEFT JOIN rate_counter p
            ON p.key = ${key} AND p.window_start = ${new Date(start.getTime() - windowMs)}
      )
      INSERT INTO rate_counter (key, window_start, count)
      SELECT ${key}, ${start}, 1 FROM carried WHERE carried.n < ${limit}
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counter.count + 1
        WHERE rate_counter.count + (SELECT n FROM carried) < ${limit}
      RETURNING count`.execute(this.db);
    return rows.length > 0;
  }

  /** Counts one more event, whatever the count, and returns the count in the sliding window. */
  private async hit(key: string, windowSeconds: number, now: number): Promise<number> {
    const start = this.windowStart(windowSeconds, now);
    const previousStart = new Date(start.getTime() - windowSeconds * 1000);
    // One statement: the previous window is another row, so the subquery's snapshot (taken
    // before the upsert) reads it as the upsert leaves it.
    const { rows } = await sql<{ count: number; previous: number | null }>`
      WITH cur AS (
        INSERT INTO rate_counter (key, window_start, count) VALUES (${key}, ${start}, 1)
        ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counter.count + 1
        RETURNING count
      )
      SELECT cur.count,
             (SELECT p.count FROM rate_counter p
               WHERE p.key = ${key} AND p.window_start = ${previousStart}) AS previous
        FROM cur`.execute(this.db);
    const row = rows[0]!;
    return row.count + this.carried(row.previous ?? 0, windowSeconds, now);
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

  /** Events counted in the sliding window ending at `now`. */
  async count(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
    const start = this.windowStart(windowSeconds, now);
    const rows = await this.db
      .selectFrom('rate_counter')
      .select(['window_start', 'count'])
      .where('key', '=', key)
      .where('window_start', 'in', [start, new Date(start.getTime() - windowSeconds * 1000)])
      .execute();
    const at = (t: number) => rows.find((r) => r.window_start.getTime() === t)?.count ?? 0;
    return at(start.getTime()) + this.carried(at(start.getTime() - windowSeconds * 1000), windowSeconds, now);
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
