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
    expect(friendState(rule, { registeredAt, firstDeposit: null, reward: null }, day(29))).toBe('REGISTERED');
    expect(friendState(rule, { registeredAt, firstDeposit: null, reward: null }, day(31))).toBe('EXPIRED');
  });

  it('qualifies on a first deposit of at least the minimum, credited in time', () => {
    const at = day(30);
    expect(
      friendState(rule, { registeredAt, firstDeposit: { amount: 100_00n, at }, reward: null }, day(40)),
    ).toBe('QUALIFIED');
    expect(
      friendState(rule, { registeredAt, firstDeposit: { amount: 99_99n, at }, reward: null }, day(1)),
    ).toBe('EXPIRED');
    expect(
      friendState(
        rule,
        {
          registeredAt,
          firstDeposit: { amount: 500_00n, at: new Date(day(30).getTime() + 1) },
          reward: null,
        },
        day(31),
      ),
    ).toBe('EXPIRED');
  });

  it('stays rewarded; a programme switched off or missing qualifies nobody new', () => {
    const firstDeposit = { amount: 200_00n, at: day(1) };
    expect(
      friendState({ ...rule, enabled: false }, { registeredAt, firstDeposit, reward: 'PAID' }, day(2)),
    ).toBe('REWARDED');
    expect(
      friendState({ ...rule, enabled: false }, { registeredAt, firstDeposit, reward: null }, day(2)),
    ).toBe('REGISTERED');
    expect(friendState(null, { registeredAt, firstDeposit, reward: null }, day(2))).toBe('REGISTERED');
  });

  it('a claimed reward held for review, or rejected after it, says so whatever the rule says now', () => {
    const firstDeposit = { amount: 200_00n, at: day(1) };
    expect(friendState(rule, { registeredAt, firstDeposit, reward: 'HELD' }, day(2))).toBe('REVIEW');
    expect(friendState(null, { registeredAt, firstDeposit, reward: 'REJECTED' }, day(2))).toBe('REJECTED');
  });
});
