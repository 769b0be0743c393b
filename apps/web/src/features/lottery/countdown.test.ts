import { describe, expect, it } from 'vitest';
import { clockOffset, formatLeft } from './countdown';

describe('countdowns', () => {
  it('formats time left', () => {
    expect(formatLeft(0)).toBe('00:00');
    expect(formatLeft(-5_000)).toBe('00:00');
    expect(formatLeft(59_001)).toBe('01:00');
    expect(formatLeft(125_000)).toBe('02:05');
    expect(formatLeft(3_725_000)).toBe('1:02:05');
    expect(formatLeft(3 * 86_400_000 + 5 * 3_600_000)).toBe('3d 5h');
  });

  it('reads the server clock offset from an open draw', () => {
    // The server said 10 s were left to a lock at 1_000_000; the answer arrived at local 985_000.
    expect(clockOffset([{ lockTime: 1_000_000, remainTime: 10_000 }], 985_000)).toBe(5_000);
    expect(
      clockOffset(
        [
          { lockTime: 2_000, remainTime: 0 },
          { lockTime: null, remainTime: 3 },
        ],
        1_000,
      ),
    ).toBe(0);
  });
});
