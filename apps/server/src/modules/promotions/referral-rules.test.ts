import { describe, expect, it } from 'vitest';
import { friendState, type ReferralRule } from './referral-rules';

const rule: ReferralRule = {
  enabled: true,
  minFirstDeposit: 100_00n,
  reward: 50_00n,
  turnoverMultiple: 1,
  qualifyDays: 30,
  monthlyLimit: 50,
};
const day = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 86_400_000);
const registeredAt = day(0);

describe('friendState (referral programme)', () => {
  it('waits for the first deposit within the window, then expires', () => {
    expect(friendState(rule, { registeredAt, firstDeposit: null, rewarded: false }, day(29))).toBe(
      'REGISTERED',
    );
    expect(friendState(rule, { registeredAt, firstDeposit: null, rewarded: false }, day(31))).toBe('EXPIRED');
  });

  it('qualifies on a first deposit of at least the minimum, credited in time', () => {
    const at = day(30);
    expect(
      friendState(rule, { registeredAt, firstDeposit: { amount: 100_00n, at }, rewarded: false }, day(40)),
    ).toBe('QUALIFIED');
    expect(
      friendState(rule, { registeredAt, firstDeposit: { amount: 99_99n, at }, rewarded: false }, day(1)),
    ).toBe('EXPIRED');
    expect(
      friendState(
        rule,
        {
          registeredAt,
          firstDeposit: { amount: 500_00n, at: new Date(day(30).getTime() + 1) },
          rewarded: false,
        },
        day(31),
      ),
    ).toBe('EXPIRED');
  });

  it('stays rewarded; a programme switched off or missing qualifies nobody new', () => {
    const firstDeposit = { amount: 200_00n, at: day(1) };
    expect(
      friendState({ ...rule, enabled: false }, { registeredAt, firstDeposit, rewarded: true }, day(2)),
    ).toBe('REWARDED');
    expect(
      friendState({ ...rule, enabled: false }, { registeredAt, firstDeposit, rewarded: false }, day(2)),
    ).toBe('REGISTERED');
    expect(friendState(null, { registeredAt, firstDeposit, rewarded: false }, day(2))).toBe('REGISTERED');
  });
});
