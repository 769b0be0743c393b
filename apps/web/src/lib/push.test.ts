import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { untilNextMoment } from './push';

describe('untilNextMoment', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('waits until just after the next moment still to come, on the server clock', () => {
    // Server 2 s ahead of this device: its "now" is 1,002,000.
    expect(untilNextMoment([1_001_000, 1_005_000, 1_009_000], 2_000)).toBe(3_150);
  });

  it('never asks sooner than 250 ms, nor later than the backstop', () => {
    expect(untilNextMoment([1_000_010], 0)).toBe(250);
    expect(untilNextMoment([1_100_000], 0)).toBe(10_000);
    expect(untilNextMoment([1_100_000], 0, 3_000)).toBe(3_000);
  });

  it('falls back to the backstop when every moment has passed', () => {
    expect(untilNextMoment([999_000, 500_000], 0)).toBe(10_000);
    expect(untilNextMoment([], 0)).toBe(10_000);
  });
});
