import { describe, expect, it } from 'vitest';
import { formatInZone } from './format-time';

describe('formatInZone', () => {
  it('shows the time in the brand zone', () => {
    expect(formatInZone('2026-03-01T16:30:05.000Z', 'Asia/Manila')).toBe('2026-03-02 00:30:05');
    expect(formatInZone('2026-03-01T16:30:05.000Z', 'UTC')).toBe('2026-03-01 16:30:05');
  });

  it('falls back to UTC for an unknown zone and keeps a bad value as it is', () => {
    expect(formatInZone('2026-03-01T16:30:05.000Z', 'Nowhere/City')).toBe('2026-03-01 16:30:05');
    expect(formatInZone('not a time', 'UTC')).toBe('not a time');
  });
});
