import { describe, expect, it } from 'vitest';
import { formatMoney, fromMinor, minorText, toMinor } from './money';

describe('money', () => {
  it('formats amounts with two decimals and grouping, per locale, the same on every call', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(0.005)).toBe('0.01');
    expect(formatMoney(-25)).toBe('-25.00');
    expect(formatMoney(1234.5, 'de-DE')).toBe('1.234,50');
    // The kept formatter of a locale does not leak into another.
    expect(formatMoney(1234.5)).toBe('1,234.50');
  });

  it('reads plain amounts with at most two decimals into minor units, and nothing else', () => {
    expect(toMinor('12.5')).toBe(1250n);
    expect(toMinor(12.5)).toBe(1250n);
    expect(toMinor('0.01')).toBe(1n);
    expect(toMinor('1.005')).toBeNull();
    expect(toMinor('-1')).toBeNull();
    expect(toMinor('1e3')).toBeNull();
    expect(toMinor('')).toBeNull();
    expect(toMinor(Number.NaN)).toBeNull();
    expect(toMinor('10000000000.01')).toBeNull();
  });

  it('writes minor units as plain text and as the nearest number, without a float in between', () => {
    expect(minorText(123450n)).toBe('1234.50');
    expect(minorText('-7')).toBe('-0.07');
    expect(minorText(0n)).toBe('0.00');
    expect(fromMinor('100500')).toBe(1005);
    expect(fromMinor(-1n)).toBe(-0.01);
  });
});
