import { describe, expect, it } from 'vitest';
import { DAY_MS, assertTimeZone, localDay, validZone, zonedInstant } from './zoned-time';

describe('zoned time', () => {
  it('Manila (UTC+8): 18:15 local on 2026-11-25 is 10:15 UTC', () => {
    const day = Date.UTC(2026, 10, 25) / DAY_MS;
    expect(new Date(zonedInstant(day, 18 * 60 + 15, 'Asia/Manila')).toISOString()).toBe(
      '2026-11-25T10:15:00.000Z',
    );
  });

  it('the local day turns at local midnight, not UTC midnight', () => {
    const day = Date.UTC(2026, 10, 25) / DAY_MS;
    expect(localDay(Date.parse('2026-11-25T15:59:59Z'), 'Asia/Manila')).toBe(day);
    expect(localDay(Date.parse('2026-11-25T16:00:00Z'), 'Asia/Manila')).toBe(day + 1);
  });

  it('New York across the spring change: 22:00 local is 03:00 UTC before and 02:00 UTC after', () => {
    const before = Date.UTC(2025, 2, 7) / DAY_MS;
    const after = Date.UTC(2025, 2, 10) / DAY_MS;
    expect(new Date(zonedInstant(before, 22 * 60, 'America/New_York')).toISOString()).toBe(
      '2025-03-08T03:00:00.000Z',
    );
    expect(new Date(zonedInstant(after, 22 * 60, 'America/New_York')).toISOString()).toBe(
      '2025-03-11T02:00:00.000Z',
    );
  });

  it('an unknown zone: validZone answers UTC, assertTimeZone throws', () => {
    expect(validZone('Asia/Manila')).toBe('Asia/Manila');
    expect(validZone('Mars/Olympus')).toBe('UTC');
    expect(() => assertTimeZone('Mars/Olympus')).toThrow(RangeError);
  });
});
