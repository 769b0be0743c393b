import { describe, expect, it } from 'vitest';
import { maskAccount, relativeTime, showMultiplier } from './winner-format';

describe('maskAccount', () => {
  it('keeps names the server masked', () => {
    expect(maskAccount('de***1')).toBe('de***1');
  });
  it('masks a plain name: first 2 and last character', () => {
    expect(maskAccount('demo01')).toBe('de***1');
    expect(maskAccount('abcd')).toBe('ab***d');
    expect(maskAccount('abc')).toBe('a**');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  const ago = (s: number) => new Date(now - s * 1000).toISOString();
  it('picks the largest unit that fits', () => {
    expect(relativeTime(ago(3), now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeTime(ago(42), now)).toEqual({ value: -42, unit: 'second' });
    expect(relativeTime(ago(60), now)).toEqual({ value: -1, unit: 'minute' });
    expect(relativeTime(ago(59 * 60 + 59), now)).toEqual({ value: -59, unit: 'minute' });
    expect(relativeTime(ago(3600 * 5 + 10), now)).toEqual({ value: -5, unit: 'hour' });
    expect(relativeTime(ago(86_400 * 3), now)).toEqual({ value: -3, unit: 'day' });
  });
  it('counts a future or unreadable time as now', () => {
    expect(relativeTime(ago(-120), now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeTime('not a date', now)).toEqual({ value: 0, unit: 'second' });
  });
});

describe('showMultiplier', () => {
  it('shows 2 decimals', () => {
    expect(showMultiplier(12.5)).toBe('×12.50');
    expect(showMultiplier(3)).toBe('×3.00');
  });
});
