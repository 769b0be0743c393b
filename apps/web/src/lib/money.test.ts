import { describe, expect, it } from 'vitest';
import { showMoney, showSigned } from './money';

describe('money for display', () => {
  it('shows the symbol, separators and two decimals', () => {
    expect(showMoney(1234.5, 'P')).toBe('P 1,234.50');
    expect(showMoney(0, '₱')).toBe('₱ 0.00');
  });

  it('signs movements with + and a real minus sign', () => {
    expect(showSigned(197, 'P')).toBe('+P 197.00');
    expect(showSigned(-300, 'P')).toBe('\u2212P 300.00');
    expect(showSigned(0, 'P')).toBe('P 0.00');
  });
});
