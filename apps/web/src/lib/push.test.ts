import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, environmentManager } from '@tanstack/react-query';
import { liveTableInterval, refetchForEvent, throttleTrailing, untilNextMoment } from './push';

describe('untilNextMoment', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('waits until just after the next moment still to come, counted from the server clock of the answer', () => {
    expect(untilNextMoment([1_001_000, 1_005_000, 1_009_000], 1_002_000)).toBe(3_150);
  });

  it('never asks sooner than 250 ms, nor later than the backstop', () => {
    expect(untilNextMoment([1_000_010], 1_000_000)).toBe(250);
    expect(untilNextMoment([1_100_000], 1_000_000)).toBe(10_000);
    expect(untilNextMoment([1_100_000], 1_000_000, 3_000)).toBe(3_000);
  });

  it('falls back to the backstop when every moment has passed', () => {
    expect(untilNextMoment([999_000, 500_000], 1_000_000)).toBe(10_000);
    expect(untilNextMoment([], 1_000_000)).toBe(10_000);
  });
});

describe('liveTableInterval', () => {
  beforeEach(() => {
    // Node has no window, which TanStack Query takes for a server and schedules no refetch timers.
    environmentManager.setIsServer(() => false);
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
    environmentManager.setIsServer(() => typeof window === 'undefined');
  });

  interface Table {
    serverTime: number;
    closesAt: number;
  }

  /** A table whose betting closes at 1,005,000, observed the way useQuery does. */
  function observe(pushed: boolean) {
    const client = new QueryClient();
    const fetchedAt: number[] = [];
    const options = () => ({
      queryKey: ['table'],
      queryFn: () => {
        fetchedAt.push(Date.now());
        return Promise.resolve<Table>({ serverTime: Date.now(), closesAt: 1_005_000 });
      },
      refetchInterval: liveTableInterval<Table>(pushed, (t) => ({
        serverNow: t.serverTime,
        moments: [t.closesAt],
      })),
    });
    const observer = new QueryObserver(client, options());
    const unsubscribe = observer.subscribe(() => {});
    /** Renders every 250 ms (a countdown's tick) for `ms`: each render hands the options again. */
    const renderFor = async (ms: number) => {
      for (let t = 0; t < ms; t += 250) {
        observer.setOptions(options());
        await vi.advanceTimersByTimeAsync(250);
      }
    };
    return { fetchedAt, renderFor, close: () => (unsubscribe(), client.clear()) };
  }

  it('asks again just after the next moment even while the screen re-renders every tick', async () => {
    const table = observe(true);
    await table.renderFor(12_000);
    // Asked on mount, just after betting closed, then at the 10 s backstop (no moment left).
    expect(table.fetchedAt).toEqual([1_000_000, 1_005_150, 1_015_150].filter((t) => t <= 1_012_000));
    table.close();
  });

  it('polls every second while the push channel is down', async () => {
    const table = observe(false);
    await table.renderFor(3_000);
    expect(table.fetchedAt).toEqual([1_000_000, 1_001_000, 1_002_000, 1_003_000]);
    table.close();
  });
});

describe('throttleTrailing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('runs at once, then once at the end of a burst, then at once again after a quiet window', () => {
    const runs: number[] = [];
    const t = throttleTrailing(15_000, () => runs.push(Date.now()));
    t.call();
    vi.advanceTimersByTime(5_000);
    t.call();
    vi.advanceTimersByTime(5_000);
    t.call();
    expect(runs).toEqual([1_000_000]);
    vi.advanceTimersByTime(5_000);
    expect(runs).toEqual([1_000_000, 1_015_000]);
    vi.advanceTimersByTime(30_000);
    t.call();
    expect(runs).toEqual([1_000_000, 1_015_000, 1_045_000]);
  });

  it('now() runs at once and drops the pending run; cancel() drops it too', () => {
    const runs: number[] = [];
    const t = throttleTrailing(15_000, () => runs.push(Date.now()));
    t.call();
    vi.advanceTimersByTime(1_000);
    t.call();
    t.now();
    vi.advanceTimersByTime(1_000);
    t.call();
    t.cancel();
    vi.advanceTimersByTime(60_000);
    expect(runs).toEqual([1_000_000, 1_001_000]);
  });
});

describe('refetchForEvent', () => {
  /**
   * A screen's query whose answers the test releases one by one: `reads` counts the fetches, and
   * each answer is the unread count the server held when that fetch read it.
   */
  function screen() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const pending: Array<(n: number) => void> = [];
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['chat', 'unread'],
      queryFn: () => {
        reads++;
        return new Promise<number>((resolve) => pending.push(resolve));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    const answer = async (n: number) => {
      pending.shift()!(n);
      // Lets the answer settle into the cache (and what it starts, start).
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return {
      client,
      answer,
      reads: () => reads,
      shown: () => client.getQueryData<number>(['chat', 'unread']),
      close: () => (unsubscribe(), client.clear()),
    };
  }

  it('asks again after a first answer that was on its way when the event came', async () => {
    const s = screen();
    expect(s.reads()).toBe(1);
    // The server read 0, then a reply arrived and its event came before that answer did.
    const done = refetchForEvent(s.client, { queryKey: ['chat', 'unread'] });
    await s.answer(0);
    await vi.waitFor(() => expect(s.reads()).toBe(2));
    await s.answer(1);
    await done;
    expect(s.shown()).toBe(1);
    s.close();
  });

  it('restarts a refetch under way once, and leaves idle screens with data to a single fetch', async () => {
    const s = screen();
    await s.answer(0);
    expect(s.shown()).toBe(0);
    const first = refetchForEvent(s.client, { queryKey: ['chat', 'unread'] });
    expect(s.reads()).toBe(2);
    // A second event while that refetch is out: it is cancelled and asked again (data is held).
    const second = refetchForEvent(s.client, { queryKey: ['chat', 'unread'] });
    expect(s.reads()).toBe(3);
    await s.answer(5); // the cancelled fetch's answer is dropped
    await s.answer(2);
    await Promise.all([first, second]);
    expect(s.shown()).toBe(2);
    expect(s.reads()).toBe(3);
    // Another key's event asks nothing of this screen.
    await refetchForEvent(s.client, { queryKey: ['wallet'] });
    expect(s.reads()).toBe(3);
    s.close();
  });
});
