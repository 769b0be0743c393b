import { describe, expect, it } from 'vitest';
import { fromZoneInput, toZoneInput } from './zone';

describe('datetime-local values in the brand’s time zone', () => {
  it('reads a wall-clock time in the zone, not the browser’s', () => {
    expect(fromZoneInput('2026-11-27T18:30', 'Asia/Manila')!.toISOString()).toBe('2026-11-27T10:30:00.000Z');
    expect(fromZoneInput('2026-11-27T18:30', 'UTC')!.toISOString()).toBe('2026-11-27T18:30:00.000Z');
  });

  it('follows daylight saving time', () => {
    expect(fromZoneInput('2026-07-01T12:00', 'America/New_York')!.toISOString()).toBe(
      '2026-07-01T16:00:00.000Z',
    );
    expect(fromZoneInput('2026-01-01T12:00', 'America/New_York')!.toISOString()).toBe(
      '2026-01-01T17:00:00.000Z',
    );
  });

  it('writes an instant back as the same wall-clock value', () => {
    const at = new Date('2026-11-27T10:30:00Z');
    expect(toZoneInput(at, 'Asia/Manila')).toBe('2026-11-27T18:30');
    expect(fromZoneInput(toZoneInput(at, 'Asia/Bangkok'), 'Asia/Bangkok')!.getTime()).toBe(at.getTime());
  });

  it('refuses what is no date-time', () => {
    expect(fromZoneInput('', 'Asia/Manila')).toBeNull();
    expect(fromZoneInput('2026-11-27', 'Asia/Manila')).toBeNull();
  });
});
