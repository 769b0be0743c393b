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
  it('counts per window, locks for a time, and prune drops only windows older than a day', async () => {
    const limits = new RateLimiter(db.db);
    const now = Date.UTC(2026, 10, 22, 12, 0, 30);
    expect(await limits.hit('k', 60, now)).toBe(1);
    expect(await limits.hit('k', 60, now + 1000)).toBe(2);
    // A new window starts from zero.
    expect(await limits.hit('k', 60, now + 60_000)).toBe(1);
    expect(await limits.count('k', 60, now)).toBe(2);

    await limits.lock('k', 300, now);
    expect(await limits.lockedFor('k', now)).toBe(300);
    expect(await limits.lockedFor('k', now + 301_000)).toBe(0);

    await limits.hit('old', 60, now - 2 * 86_400_000);
    await limits.prune(now);
    expect(await limits.count('old', 60, now - 2 * 86_400_000)).toBe(0);
    expect(await limits.count('k', 60, now)).toBe(2);
    expect(await limits.lockedFor('k', now)).toBe(300);
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
    const next = await limits.reserve('r', 60, now + 60_000);
    expect(next.count).toBe(1);
    await burst[1]!.release();
    expect(await limits.count('r', 60, now)).toBe(6);
    expect(await limits.count('r', 60, now + 60_000)).toBe(1);
  });
});
