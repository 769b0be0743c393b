import {
  LOTTERY_REFRESH_MAX_MS as REFRESH_MAX_MS,
  LOTTERY_REFRESH_RETRY_MS as REFRESH_RETRY_MS,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { openNumberRefreshDelay } from './refresh-delay';

describe('openNumberRefreshDelay (SPEC section 4)', () => {
  it('is the smallest time left among draws with a number', () => {
    expect(
      openNumberRefreshDelay([
        { numero: '20260101-001', remainMs: 12_000 },
        { numero: '20260101-002', remainMs: 4_500 },
        { numero: '20260101-003', remainMs: 25_000 },
      ]),
    ).toBe(4_500);
  });

  it('ignores draws without a number', () => {
    expect(
      openNumberRefreshDelay([
        { numero: null, remainMs: 100 },
        { numero: '', remainMs: 200 },
        { numero: 'A1', remainMs: 9_000 },
      ]),
    ).toBe(9_000);
  });

  it('uses the spec bounds', () => {
    expect([REFRESH_MAX_MS, REFRESH_RETRY_MS]).toEqual([30_000, 7_000]);
  });

  it('never waits more than 30 s', () => {
    expect(openNumberRefreshDelay([{ numero: 'A1', remainMs: 3_600_000 }])).toBe(30_000);
    expect(openNumberRefreshDelay([])).toBe(30_000);
    expect(openNumberRefreshDelay([{ numero: undefined, remainMs: 10 }])).toBe(30_000);
  });

  it('asks again in 7 s when the smallest is 0 or less', () => {
    expect(openNumberRefreshDelay([{ numero: 'A1', remainMs: 0 }])).toBe(7_000);
    expect(
      openNumberRefreshDelay([
        { numero: 'A1', remainMs: -2_000 },
        { numero: 'A2', remainMs: 20_000 },
      ]),
    ).toBe(7_000);
  });
});
