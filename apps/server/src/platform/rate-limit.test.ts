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
});
