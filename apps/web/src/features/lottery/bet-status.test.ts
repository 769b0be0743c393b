import { describe, expect, it } from 'vitest';
import { betStatusKey } from './bet-status';

describe('betStatusKey', () => {
  it('calls a void line refunded only when its stake came back', () => {
    expect(betStatusKey({ status: 'VOID', payout: 2.5 })).toBe('status.bet.VOID');
    expect(betStatusKey({ status: 'VOID', payout: 0 })).toBe('status.bet.VOID_UNPLACED');
    expect(betStatusKey({ status: 'VOID', payout: null })).toBe('status.bet.VOID');
  });
  it('names the other states as they are', () => {
    expect(betStatusKey({ status: 'OPEN', payout: null })).toBe('status.bet.OPEN');
    expect(betStatusKey({ status: 'WON', payout: 19 })).toBe('status.bet.WON');
    expect(betStatusKey({ status: 'LOST', payout: 0 })).toBe('status.bet.LOST');
  });
});
