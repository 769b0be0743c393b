import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { RateLimiter } from './rate-limit';

let db: DbHandle;
beforeAll(async () => {
  db = await openDb({ kind: 'pglite', dataDir: null });
  await migrate(db);
});
afterAll(() => db.close());

describe('RateLimiter', () => {
  it('allows up to the limit in a sliding window, locks for a time, and prune drops only windows older than a day', async () => {
    const limits = new RateLimiter(db.db);
    const now = Date.UTC(2026, 10, 22, 12, 0, 30);
    expect(await limits.allow('k', 60, 3, now)).toBe(true);
    expect(await limits.allow('k', 60, 3, now + 1000)).toBe(true);
    expect(await limits.count('k', 60, now)).toBe(2);
    // 29 s into the next window, 31/60 of the previous window's events still count (2 × 0.52).
    const later = now + 59_000;
    expect(await limits.count('k', 60, later)).toBe(1);
    expect(await limits.allow('k', 60, 3, later)).toBe(true);
    expect(await limits.allow('k', 60, 3, later)).toBe(true);
    expect(await limits.allow('k', 60, 3, later)).toBe(false);
    // A refused event is not counted.
    expect(await limits.count('k', 60, later)).toBe(3);
    // The window after: 31/60 of the two let through in the second window; then nothing is left.
    expect(await limits.count('k', 60, later + 60_000)).toBe(1);
    expect(await limits.count('k', 60, now + 180_000)).toBe(0);

    await limits.lock('k', 300, now);
    expect(await limits.lockedFor('k', now)).toBe(300);
    expect(await limits.lockedFor('k', now + 301_000)).toBe(0);

    await limits.allow('old', 60, 3, now - 2 * 86_400_000);
    await limits.prune(now);
    expect(await limits.count('old', 60, now - 2 * 86_400_000)).toBe(0);
    expect(await limits.count('k', 60, now)).toBe(2);
    expect(await limits.lockedFor('k', now)).toBe(300);
  });

  it('lets no burst through twice at the turn of a window', async () => {
    const limits = new RateLimiter(db.db);
    const endOfWindow = Date.UTC(2026, 10, 22, 14, 0, 59, 500);
    const before = [];
    for (let i = 0; i < 5; i++) before.push(await limits.allow('turn', 60, 5, endOfWindow));
    expect(before).toEqual([true, true, true, true, true]);
    // One second later the window has turned: fixed windows would let five more through here.
    const after = [];
    for (let i = 0; i < 5; i++) after.push(await limits.allow('turn', 60, 5, endOfWindow + 1000));
    // 5 × 59/60 of the previous window is 4.9, rounded down: one place is free.
    expect(after).toEqual([true, false, false, false, false]);
  });

  it('lets a steady rate at the limit through, and a faster client still gets the limit', async () => {
    const limits = new RateLimiter(db.db);
    const start = Date.UTC(2026, 10, 22, 15, 0, 0);
    // One event a second against one a second, at varying offsets within the second.
    for (let i = 0; i < 20; i++) {
      expect(await limits.allow('steady', 1, 1, start + i * 1000 + ((i * 137) % 1000))).toBe(true);
    }
    // At a window's first instant the previous window counts whole, less its first millisecond.
    const turn = Date.UTC(2026, 10, 22, 15, 10, 0);
    for (let i = 0; i < 10; i++) expect(await limits.allow('tick', 1, 10, turn - 1000 + i * 100)).toBe(true);
    expect(await limits.allow('tick', 1, 10, turn)).toBe(true);
    expect(await limits.allow('tick', 1, 10, turn + 1)).toBe(false);
    // A client firing 20 a second at a limit of 10: about 10 a second through, every second.
    const through: number[] = [];
    for (let sec = 100; sec < 105; sec++) {
      let n = 0;
      for (let i = 0; i < 20; i++) if (await limits.allow('eager', 1, 10, start + sec * 1000 + i * 50)) n++;
      through.push(n);
    }
    expect(through[0]).toBe(10);
    for (const n of through.slice(1)) expect(n).toBeGreaterThanOrEqual(9);
    for (const n of through) expect(n).toBeLessThanOrEqual(10);
  });

  it('never lets concurrent events past the limit', async () => {
    const limits = new RateLimiter(db.db);
    const now = Date.UTC(2026, 10, 22, 16, 0, 20);
    const answers = await Promise.all(Array.from({ length: 12 }, () => limits.allow('race', 60, 4, now)));
    expect(answers.filter(Boolean)).toHaveLength(4);
    expect(await limits.count('race', 60, now)).toBe(4);
  });

  it('reserves before the work: concurrent attempts see each other, and a release takes one back in its window', async () => {
    const limits = new RateLimiter(db.db);
    const now = Date.UTC(2026, 10, 22, 13, 0, 10);
    const burst = await Promise.all(Array.from({ length: 8 }, () => limits.reserve('r', 60, now)));
    expect(burst.map((a) => a.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await burst[0]!.release();
    await burst[0]!.release(); // a second release of the same attempt changes nothing
    expect(await limits.count('r', 60, now)).toBe(7);
    // A release after the window has turned takes back from the window it was counted in.
    const next = await limits.reserve('r', 60, now + 59_000);
    // 9 s into the next window: 1 now, and 7 × 51/60 of the previous window rounded down.
    expect(next.count).toBe(1 + 5);
    await burst[1]!.release();
    expect(await limits.count('r', 60, now)).toBe(6);
    expect(await limits.count('r', 60, now + 59_000)).toBe(1 + 5);
  });
});
