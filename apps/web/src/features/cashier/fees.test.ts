import { describe, expect, it } from 'vitest';
import { checkDepositAmount, checkWithdrawAmount, feeFor, previewDeposit } from './fees';

const ewallet = { feePercent: 1.5, feeFixed: 0, minAmount: 50, maxAmount: 20000 };
const bank = { feePercent: 0, feeFixed: 0, minAmount: 100, maxAmount: 100000 };

describe('deposit fees in minor units', () => {
  it('takes 1.5 % of 200.00 as 3.00 and credits 197.00', () => {
    expect(previewDeposit('200', ewallet)).toEqual({ amount: 20000n, fee: 300n, credit: 19700n });
  });

  it('rounds the percent part down to the cent, as the server does', () => {
    // 1.5 % of 50.99 = 0.76485 → 0.76
    expect(feeFor(5099n, ewallet)).toBe(76n);
    expect(feeFor(5099n, { feePercent: 0.25, feeFixed: 1.05 })).toBe(12n + 105n);
  });

  it('never uses a float: 0.1 + 0.2 style amounts stay exact', () => {
    expect(previewDeposit('100.10', bank)).toEqual({ amount: 10010n, fee: 0n, credit: 10010n });
    expect(previewDeposit('1.005', bank)).toBeNull();
  });

  it('checks the channel limits and the format', () => {
    expect(checkDepositAmount('', bank)).toBe('required');
    expect(checkDepositAmount('12a', bank)).toBe('format');
    expect(checkDepositAmount('0', bank)).toBe('format');
    expect(checkDepositAmount('99.99', bank)).toBe('belowMin');
    expect(checkDepositAmount('100', bank)).toBeNull();
    expect(checkDepositAmount('100000.01', bank)).toBe('aboveMax');
    expect(checkDepositAmount('10', { ...bank, minAmount: 1, feeFixed: 10 })).toBe('feeTooHigh');
  });

  it('checks withdrawals against the limits and what may be withdrawn', () => {
    const limits = { minAmount: 100, maxAmount: 50000, withdrawable: 250.5 };
    expect(checkWithdrawAmount('99', limits)).toBe('belowMin');
    expect(checkWithdrawAmount('250.50', limits)).toBeNull();
    expect(checkWithdrawAmount('250.51', limits)).toBe('overWithdrawable');
    expect(checkWithdrawAmount('50001', { ...limits, withdrawable: 99999 })).toBe('aboveMax');
  });
});
