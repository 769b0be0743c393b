import { describe, expect, it } from 'vitest';
import { cleanAmountText } from './money-input';

describe('amount typing', () => {
  it('keeps digits and one point with at most two decimals', () => {
    expect(cleanAmountText('1,234.567')).toBe('1234.56');
    expect(cleanAmountText('12.3.4')).toBe('12.34');
    expect(cleanAmountText('P 50')).toBe('50');
    expect(cleanAmountText('-7e3')).toBe('73');
    expect(cleanAmountText('.5')).toBe('.5');
    expect(cleanAmountText('')).toBe('');
  });
});
