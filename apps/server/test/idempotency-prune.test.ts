import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEEP_MS,
  IdempotencyStore,
  idempotencyPruneJob,
} from '../src/modules/cashier/idempotency';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOW = Date.parse('2026-11-26T12:00:00Z');

async function store(key: string, ageMs: number): Promise<void> {
  await t.db.db
    .insertInto('idempotency_record')
    .values({
      merchant_code: 'GOLDEN',
      actor: 'STAFF:1:alice',
      key,
      route: 'deposit.approve',
      request_hash: 'h',
      response: JSON.stringify({ ok: key }),
      created_at: new Date(NOW - ageMs),
    })
    .execute();
}

const keys = async () =>
  (await t.db.db.selectFrom('idempotency_record').select('key').orderBy('key').execute()).map((r) => r.key);

describe('idempotency records are forgotten after their keep time', () => {
  it('the hourly job deletes only answers older than a day, and running it again deletes nothing', async () => {
    await store('old-aaaaaaaa', IDEMPOTENCY_KEEP_MS + 60_000);
    await store('old-bbbbbbbb', IDEMPOTENCY_KEEP_MS * 3);
    await store('new-cccccccc', IDEMPOTENCY_KEEP_MS - 60_000);
    await store('new-dddddddd', 5_000);
    const job = idempotencyPruneJob(new IdempotencyStore(t.db.db), () => NOW);
    expect(job.everyMs).toBe(3_600_000);
    expect(await job.run()).toBe(2);
    expect(await keys()).toEqual(['new-cccccccc', 'new-dddddddd']);
    expect(await job.run()).toBe(0);
    expect(await keys()).toEqual(['new-cccccccc', 'new-dddddddd']);
  });
});
