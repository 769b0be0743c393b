import { BACCARAT_CHIPS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { bankerCommission, settle } from './baccarat-bets';
import { LIMITS_MINOR, STAKE_STEP_MINOR } from './baccarat.service';

describe('baccarat table limits and the banker commission', () => {
  it('every stake the table takes on banker pays exactly 5% commission on a win', () => {
    // The rule: stakes are whole multiples of the step, the step a multiple of 0.20.
    expect(STAKE_STEP_MINOR % 20n).toBe(0n);
    expect(LIMITS_MINOR.BANKER.min % STAKE_STEP_MINOR).toBe(0n);
    for (let stake = LIMITS_MINOR.BANKER.min; stake <= LIMITS_MINOR.BANKER.max; stake += STAKE_STEP_MINOR) {
      expect(bankerCommission(stake) * 20n).toBe(stake);
      const won = settle(
        { type: 'BANKER', stake },
        { outcome: 'BANKER', playerPair: false, bankerPair: false },
      );
      expect(won.payout * 20n).toBe(stake * 39n);
    }
  });

  it('the chips are allowed stakes', () => {
    for (const chip of BACCARAT_CHIPS) expect(BigInt(chip * 100) % STAKE_STEP_MINOR).toBe(0n);
  });

  it('why: stakes off the step would pay too little commission (none at all under 0.20)', () => {
    expect(bankerCommission(19n)).toBe(0n);
    expect(bankerCommission(150n) * 20n).toBeLessThan(150n);
  });
});
