/**
 * Background jobs under leases: one instance runs a job at a time, another takes it over when the
 * holder dies (after the lease expires) or shuts down (at once), a failed pass is recorded and
 * retried, and a pass longer than the lease keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../src/jobs/job-runner';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await wait(20);
  }
}
const lease = (name: string) =>
  t.db.db.selectFrom('job_lease').selectAll().where('name', '=', name).executeTakeFirst();

describe('job leases', () => {
  it('runs a job on one instance only, and moves it at once when that instance shuts down', async () => {
    const a = new JobRunner(t.db.db, 'instance-a', { leaseMs: 2_000, log: t.app.log });
    const b = new JobRunner(t.db.db, 'instance-b', { leaseMs: 2_000, log: t.app.log });
    const ran: string[] = [];
    a.start({ name: 'test once', everyMs: 30, run: async () => void ran.push('a') });
    await until(() => ran.length > 0);
    b.start({ name: 'test once', everyMs: 30, run: async () => void ran.push('b') });
    await until(() => ran.length >= 15);
    expect(new Set(ran)).toEqual(new Set(['a']));
    expect((await lease('test once'))?.holder).toBe('instance-a');

    await a.close();
    const handedOver = ran.length;
    await until(() => ran.slice(handedOver).includes('b'), 1_500);
    expect(ran.slice(handedOver).every((x) => x === 'b')).toBe(true);
    expect((await lease('test once'))?.holder).toBe('instance-b');
    await b.close();
  });

  it('takes over a dead instance’s job once its lease has expired', async () => {
    // What a crash leaves: a lease held by an instance that will never renew it or hand it back.
    await t.db.db
      .insertInto('job_lease')
      .values({ name: 'test crash', holder: 'dead', expires_at: new Date(Date.now() + 700) })
      .execute();
    const b = new JobRunner(t.db.db, 'instance-b', { leaseMs: 2_000, log: t.app.log });
    let firstRun = 0;
    const started = Date.now();
    b.start({
      name: 'test crash',
      everyMs: 30,
      run: async () => {
        firstRun ||= Date.now();
      },
    });
    await until(() => firstRun > 0, 3_000);
    expect(firstRun - started).toBeGreaterThanOrEqual(600);
    expect((await lease('test crash'))?.holder).toBe('instance-b');
    await b.close();
  });

  it('records a failed pass and tries again on the next tick', async () => {
    const r = new JobRunner(t.db.db, 'instance-c', { leaseMs: 2_000, log: t.app.log });
    let calls = 0;
    r.start({
      name: 'test failing',
      everyMs: 30,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('provider down');
      },
    });
    await until(() => calls >= 3);
    const stats = r.stats().find((s) => s.name === 'test failing')!;
    expect(stats.failures).toBe(1);
    expect(stats.runs).toBeGreaterThanOrEqual(3);
    // The failure was written, and the recovery right after it too.
    await until(async () => (await lease('test failing'))?.last_error === null);
    expect(Number((await lease('test failing'))?.failures)).toBe(1);
    await r.close();
  });

  it('keeps the lease through a pass longer than the lease', async () => {
    // A lease renewed every 500 ms outlives a second's stall of a busy machine; the pass is longer.
    const a = new JobRunner(t.db.db, 'instance-a', { leaseMs: 1_500, log: t.app.log });
    const b = new JobRunner(t.db.db, 'instance-b', { leaseMs: 1_500, log: t.app.log });
    let running = 0;
    let overlapped = false;
    let passes = 0;
    const run = async () => {
      running++;
      if (running > 1) overlapped = true;
      await wait(4_000);
      running--;
      passes++;
    };
    a.start({ name: 'test long', everyMs: 30, run });
    await until(() => running === 1);
    b.start({ name: 'test long', everyMs: 30, run });
    await until(() => passes >= 1, 10_000);
    expect(overlapped).toBe(false);
    await a.close();
    await b.close();
  });
});
