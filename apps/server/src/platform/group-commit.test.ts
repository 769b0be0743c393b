import { describe, expect, it } from 'vitest';
import { GroupCommit, type Settled } from './group-commit';

interface Item {
  key: string;
  value: number;
}

/** A GroupCommit whose batches wait for release(); it records every batch it was given. */
function harness(
  maxBatch: number,
  maxInFlight: number,
  answer?: (item: Item) => Settled<number>,
  minOverlap?: number,
) {
  const batches: Item[][] = [];
  const pending: (() => void)[] = [];
  const queue = new GroupCommit<Item, number>(
    async (items) => {
      batches.push(items);
      await new Promise<void>((resolve) => pending.push(resolve));
      return items.map((i) => (answer ? answer(i) : { ok: true, value: i.value * 10 }));
    },
    { maxBatch, maxInFlight, key: (i) => i.key, ...(minOverlap ? { minOverlap } : {}) },
  );
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const release = async () => {
    pending.shift()?.();
    await turn();
    await turn();
  };
  return { queue, batches, release, turn, running: () => pending.length };
}

const item = (key: string, value = 1): Item => ({ key, value });

describe('GroupCommit', () => {
  it('sends a lone item at once, and what queues meanwhile as the next batch', async () => {
    const h = harness(64, 1);
    const first = h.queue.submit(item('a', 1));
    await h.turn();
    expect(h.batches).toEqual([[item('a', 1)]]);
    const later = [2, 3, 4].map((v) => h.queue.submit(item(`k${v}`, v)));
    await h.turn();
    expect(h.batches).toHaveLength(1);
    await h.release();
    expect(await first).toBe(10);
    expect(h.batches[1]).toEqual([item('k2', 2), item('k3', 3), item('k4', 4)]);
    await h.release();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('answers a caller only when its batch has returned', async () => {
    const h = harness(64, 1);
    let settled = false;
    const p = h.queue.submit(item('a')).then(() => (settled = true));
    await h.turn();
    await h.turn();
    expect(settled).toBe(false);
    await h.release();
    await p;
    expect(settled).toBe(true);
  });

  it('shares what waits evenly between free slots, up to maxBatch each', async () => {
    const h = harness(4, 2);
    const all = Array.from({ length: 10 }, (_, i) => h.queue.submit(item(`k${i}`, i)));
    await h.turn();
    // 10 waiting, 2 free slots: 5 each, but no more than 4.
    expect(h.batches.map((b) => b.length)).toEqual([4, 4]);
    expect(h.running()).toBe(2);
    await h.release();
    expect(h.batches.map((b) => b.length)).toEqual([4, 4, 2]);
    await h.release();
    await h.release();
    expect(await Promise.all(all)).toEqual(Array.from({ length: 10 }, (_, i) => i * 10));
  });

  it('starts a batch beside a running one only with minOverlap items or more', async () => {
    const h = harness(64, 2, undefined, 3);
    // Nothing running: a lone item goes at once, however few.
    const first = h.queue.submit(item('a', 1));
    await h.turn();
    expect(h.batches.map((b) => b.length)).toEqual([1]);
    // One running: two waiting items wait for it...
    const two = [h.queue.submit(item('b', 2)), h.queue.submit(item('c', 3))];
    await h.turn();
    expect(h.running()).toBe(1);
    // ...a third makes a batch worth running beside it.
    const third = h.queue.submit(item('d', 4));
    await h.turn();
    expect(h.batches.map((b) => b.length)).toEqual([1, 3]);
    expect(h.running()).toBe(2);
    await h.release();
    await h.release();
    expect(await Promise.all([first, ...two, third])).toEqual([10, 20, 30, 40]);

    // Five waiting and both slots free: one batch of five, not two of fewer than three.
    const five = Array.from({ length: 5 }, (_, i) => h.queue.submit(item(`k${i}`, i)));
    await h.turn();
    expect(h.batches.slice(2).map((b) => b.length)).toEqual([5]);
    await h.release();
    expect(await Promise.all(five)).toEqual([0, 10, 20, 30, 40]);
  });

  it('never runs two items with the same key at once, even in two batches', async () => {
    const h = harness(64, 2);
    const x1 = h.queue.submit(item('x', 1));
    await h.turn();
    const rest = [h.queue.submit(item('x', 2)), h.queue.submit(item('y', 3))];
    await h.turn();
    // y runs beside the first batch; the second x waits for the first to finish.
    expect(h.batches).toEqual([[item('x', 1)], [item('y', 3)]]);
    await h.release();
    expect(await x1).toBe(10);
    expect(h.batches[2]).toEqual([item('x', 2)]);
    await h.release();
    await h.release();
    expect(await Promise.all(rest)).toEqual([20, 30]);
  });

  it('never puts two items with the same key in one batch, and keeps their order', async () => {
    const h = harness(64, 1);
    const all = [item('x', 1), item('y', 2), item('x', 3), item('x', 4)].map((i) => h.queue.submit(i));
    await h.turn();
    expect(h.batches[0]).toEqual([item('x', 1), item('y', 2)]);
    await h.release();
    expect(h.batches[1]).toEqual([item('x', 3)]);
    await h.release();
    expect(h.batches[2]).toEqual([item('x', 4)]);
    await h.release();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40]);
  });

  it("settles each item with its own answer, and every item with a whole batch's failure", async () => {
    const h = harness(64, 1, (i) =>
      i.value < 0 ? { ok: false, error: new Error(`bad ${i.key}`) } : { ok: true, value: i.value },
    );
    const both = Promise.allSettled([h.queue.submit(item('a', 1)), h.queue.submit(item('b', -1))]);
    await h.turn();
    await h.release();
    expect(await both).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('bad b') },
    ]);

    let calls = 0;
    const flaky = new GroupCommit<Item, number>(
      async (items) => {
        if (++calls === 1) throw new Error('connection lost');
        return items.map(() => ({ ok: true, value: 7 }));
      },
      { maxBatch: 64, maxInFlight: 1, key: (i) => i.key },
    );
    const results = await Promise.allSettled([flaky.submit(item('a')), flaky.submit(item('b'))]);
    expect(results).toEqual([
      { status: 'rejected', reason: new Error('connection lost') },
      { status: 'rejected', reason: new Error('connection lost') },
    ]);
    // The queue goes on after a failed batch.
    expect(await flaky.submit(item('a'))).toBe(7);
  });

  it('refuses an answer list of the wrong length for every item of the batch', async () => {
    const q = new GroupCommit<Item, number>(async () => [{ ok: true, value: 1 }], {
      maxBatch: 64,
      maxInFlight: 1,
      key: (i) => i.key,
    });
    const results = await Promise.allSettled([q.submit(item('a')), q.submit(item('b'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
