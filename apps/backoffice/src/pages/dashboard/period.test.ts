import { describe, expect, it } from 'vitest';
import { addDays, change, daysBetween, presetRange, rangeProblem, todayIn } from './period';

describe('dashboard periods', () => {
  it('today is the date in the brand time zone', () => {
    const at = new Date('2026-03-01T20:30:00Z');
    expect(todayIn('UTC', at)).toBe('2026-03-01');
    expect(todayIn('Asia/Bangkok', at)).toBe('2026-03-02');
    expect(todayIn('America/New_York', at)).toBe('2026-03-01');
  });
  it('presets end today and count today in', () => {
    expect(presetRange('today', '2026-03-02')).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(presetRange('7', '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(daysBetween('2026-02-24', '2026-03-02')).toBe(7);
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
  it('refuses reversed, malformed and too long ranges', () => {
    expect(rangeProblem('2026-03-02', '2026-03-01')).toBe('order');
    expect(rangeProblem('2026-3-1', '2026-03-01')).toBe('order');
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe('tooLong');
    expect(rangeProblem('2025-01-01', '2026-01-01')).toBeNull();
  });
  it('change vs the previous period', () => {
    expect(change(150, 100)).toBe(50);
    expect(change(50, -100)).toBe(150);
    expect(change(0, 0)).toBe(0);
    expect(change(10, 0)).toBeNull();
  });
});
