import { describe, expect, it } from 'vitest';
import { addDays, checkRange, daysBetween, isDay, presetRange, todayIn } from './days';

const limits = { maxDaysBack: 90, maxSpanDays: 31 };

describe('days in the brand time zone', () => {
  it('takes today in the given zone, not the machine zone', () => {
    const late = new Date('2026-03-01T17:30:00Z');
    expect(todayIn('Asia/Manila', late)).toBe('2026-03-02');
    expect(todayIn('America/New_York', late)).toBe('2026-03-01');
    expect(todayIn('Not/AZone', late)).toBe('2026-03-01');
  });

  it('adds days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
  });

  it('builds the presets with both ends included', () => {
    expect(presetRange('today', '2026-03-10')).toEqual({ startTime: '2026-03-10', endTime: '2026-03-10' });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({
      startTime: '2026-02-28',
      endTime: '2026-02-28',
    });
    expect(presetRange('last7', '2026-03-10')).toEqual({ startTime: '2026-03-04', endTime: '2026-03-10' });
    expect(presetRange('last30', '2026-03-30')).toEqual({ startTime: '2026-03-01', endTime: '2026-03-30' });
  });

  it('checks custom ranges: order, future, 90 days back, 31 days long', () => {
    const today = '2026-06-30';
    const ok = (startTime: string, endTime: string) => checkRange({ startTime, endTime }, today, limits);
    expect(ok('2026-06-01', '2026-06-30')).toBeNull();
    expect(ok('2026-05-31', '2026-06-30')).toBeNull();
    expect(ok('2026-05-30', '2026-06-30')).toBe('tooLong');
    expect(ok('2026-06-10', '2026-06-09')).toBe('order');
    expect(ok('2026-06-30', '2026-07-01')).toBe('future');
    expect(ok('2026-04-01', '2026-04-02')).toBeNull();
    expect(ok('2026-03-31', '2026-04-02')).toBe('tooOld');
    expect(ok('2026-04-01', 'x')).toBe('format');
  });
});
