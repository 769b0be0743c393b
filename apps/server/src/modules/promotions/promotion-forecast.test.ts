import { describe, expect, it } from 'vitest';
import {
  eligible,
  expectedPrize,
  forecast,
  memberUpperBound,
  periodsIn,
  type ForecastInput,
  type ForecastMember,
  type ForecastPromotion,
} from './promotion-forecast';

const member = (m: Partial<ForecastMember> = {}): ForecastMember => ({
  vipLevel: 0,
  registeredDaysAgo: 100,
  deposits: [],
  firstDepositInWindow: false,
  turnover: 0n,
  activeDays: 0,
  ...m,
});

const promo = (p: Partial<ForecastPromotion> = {}): ForecastPromotion => ({
  kind: 'RELOAD',
  period: 'NONE',
  minVipLevel: 0,
  maxVipLevel: null,
  newMemberDays: null,
  minDeposit: null,
  bonusRateBp: null,
  maxBonus: null,
  bonusAmount: null,
  targetTurnover: null,
  prizes: [],
  perMemberCap: null,
  ...p,
});

const input = (i: Partial<ForecastInput> = {}): ForecastInput => ({
  windowDays: 30,
  runDays: 30,
  members: [],
  promotion: promo(),
  similar: [],
  budgetLeft: null,
  claimsLeft: null,
  ...i,
});

const reload = promo({
  kind: 'RELOAD',
  period: 'WEEKLY',
  minDeposit: 10_000n,
  bonusRateBp: 1_000,
  maxBonus: 5_000n,
});

describe('periods', () => {
  it('counts the periods of a window', () => {
    expect(periodsIn('NONE', 30)).toBe(1);
    expect(periodsIn('DAILY', 30)).toBe(30);
    expect(periodsIn('WEEKLY', 30)).toBe(5);
    expect(periodsIn('SEMIMONTHLY', 30)).toBe(2);
    expect(periodsIn('MONTHLY', 30)).toBe(1);
    expect(periodsIn('WEEKLY', 3)).toBe(1);
  });
});

describe('eligibility', () => {
  it('keeps the VIP range and new members only', () => {
    const p = promo({ minVipLevel: 2, maxVipLevel: 4 });
    expect(eligible(p, member({ vipLevel: 1 }), 30)).toBe(false);
    expect(eligible(p, member({ vipLevel: 2 }), 30)).toBe(true);
    expect(eligible(p, member({ vipLevel: 5 }), 30)).toBe(false);
    const fresh = promo({ newMemberDays: 7 });
    expect(eligible(fresh, member({ registeredDaysAgo: 10 }), 30)).toBe(true);
    expect(eligible(fresh, member({ registeredDaysAgo: 31 }), 30)).toBe(false);
  });
});

describe('one member’s most', () => {
  it('FIRST_DEPOSIT: the first deposit ever, if in the window and big enough', () => {
    const p = promo({ kind: 'FIRST_DEPOSIT', minDeposit: 10_000n, bonusRateBp: 10_000, maxBonus: 50_000n });
    expect(memberUpperBound(p, member({ deposits: [20_000n], firstDepositInWindow: true }), 30)).toEqual({
      claims: 1,
      cost: 20_000n,
    });
    expect(memberUpperBound(p, member({ deposits: [80_000n], firstDepositInWindow: true }), 30).cost).toBe(
      50_000n,
    );
    expect(memberUpperBound(p, member({ deposits: [20_000n], firstDepositInWindow: false }), 30).claims).toBe(
      0,
    );
    expect(memberUpperBound(p, member({ deposits: [5_000n], firstDepositInWindow: true }), 30).claims).toBe(
      0,
    );
  });

  it('RELOAD: qualifying deposits, one per period, each capped', () => {
    const m = member({ deposits: [5_000n, 10_000n, 100_000n, 20_000n, 30_000n, 40_000n, 50_000n, 60_000n] });
    // Weekly over 30 days: 5 periods; the first 5 qualifying deposits: 10k, 100k, 20k, 30k, 40k.
    expect(memberUpperBound(reload, m, 30)).toEqual({
      claims: 5,
      cost: 1_000n + 5_000n + 2_000n + 3_000n + 4_000n,
    });
  });

  it('TURNOVER: whole targets reached, at most one per period', () => {
    const p = promo({ kind: 'TURNOVER', period: 'WEEKLY', targetTurnover: 100_000n, bonusAmount: 1_000n });
    expect(memberUpperBound(p, member({ turnover: 250_000n }), 30)).toEqual({ claims: 2, cost: 2_000n });
    expect(memberUpperBound(p, member({ turnover: 10_000_000n }), 30)).toEqual({ claims: 5, cost: 5_000n });
  });

  it('SIGN_IN: one per active day; RAFFLE: draws at the expected prize', () => {
    const sign = promo({ kind: 'SIGN_IN', period: 'DAILY', bonusAmount: 100n });
    expect(memberUpperBound(sign, member({ activeDays: 12 }), 30)).toEqual({ claims: 12, cost: 1_200n });
    const raffle = promo({
      kind: 'RAFFLE',
      period: 'WEEKLY',
      minDeposit: 10_000n,
      prizes: [
        { amount: 1_000n, weight: 3 },
        { amount: 5_000n, weight: 1 },
      ],
    });
    expect(expectedPrize(raffle.prizes)).toBe(2_000n);
    expect(memberUpperBound(raffle, member({ deposits: [15_000n, 16_000n] }), 30)).toEqual({
      claims: 3,
      cost: 6_000n,
    });
  });

  it('cuts a member’s total to the per-member cap', () => {
    const p = promo({ kind: 'SIGN_IN', period: 'DAILY', bonusAmount: 100n, perMemberCap: 500n });
    expect(memberUpperBound(p, member({ activeDays: 12 }), 30).cost).toBe(500n);
  });
});

describe('forecast', () => {
  const members = [
    member({ deposits: [20_000n, 20_000n] }),
    member({ deposits: [50_000n] }),
    member({ deposits: [1_000n] }),
    member({ vipLevel: 3, deposits: [20_000n] }),
  ];

  it('assumes every eligible member takes part without a similar promotion', () => {
    const f = forecast(input({ promotion: reload, members }));
    expect(f.eligibleMembers).toBe(4);
    expect(f.maxClaims).toBe(4);
    expect(f.maxCost).toBe(2_000n + 2_000n + 5_000n + 2_000n);
    expect(f.takeUpSource).toBe('ASSUMED_ALL');
    expect(f.takeUp).toBe(1);
    expect(f.expectedCost).toBe(f.maxCost);
    expect(f.cappedBy).toBeNull();
  });

  it('scales to the days the promotion runs and by the take-up of similar promotions', () => {
    // A similar reload ran the whole window and could have paid 4 bonuses; it paid 1.
    const f = forecast(
      input({
        promotion: reload,
        members,
        runDays: 15,
        similar: [{ promotion: reload, runDays: 30, claims: 1, cost: 2_000n }],
      }),
    );
    expect(f.maxClaims).toBe(2);
    expect(f.maxCost).toBe(5_500n);
    expect(f.takeUpSource).toBe('SIMILAR');
    expect(f.takeUp).toBe(0.25);
    expect(f.expectedClaims).toBe(1);
    expect(f.expectedCost).toBe(1_375n);
    expect(f.similarClaims).toBe(1);
    expect(f.similarCost).toBe(2_000n);
  });

  it('keeps to the VIP range', () => {
    const f = forecast(input({ promotion: { ...reload, minVipLevel: 2 }, members }));
    expect(f.eligibleMembers).toBe(1);
    expect(f.maxCost).toBe(2_000n);
  });

  it('cuts the expected figures to the budget and number of bonuses left', () => {
    const budget = forecast(input({ promotion: reload, members, budgetLeft: 5_500n }));
    expect(budget.cappedBy).toBe('BUDGET');
    expect(budget.expectedCost).toBe(5_500n);
    expect(budget.expectedClaims).toBe(2);
    const claims = forecast(input({ promotion: reload, members, claimsLeft: 1 }));
    expect(claims.cappedBy).toBe('CLAIMS');
    expect(claims.expectedClaims).toBe(1);
    expect(claims.expectedCost).toBe(2_750n);
  });

  it('APPLY works from what similar promotions granted, at most its cap per grant', () => {
    const apply = promo({ kind: 'APPLY', maxBonus: 3_000n });
    const f = forecast(
      input({
        promotion: apply,
        members,
        similar: [{ promotion: apply, runDays: 30, claims: 6, cost: 30_000n }],
      }),
    );
    expect(f.expectedClaims).toBe(6);
    expect(f.expectedCost).toBe(18_000n);
    expect(forecast(input({ promotion: apply, members })).expectedClaims).toBe(0);
  });

  it('a promotion that will not run costs nothing; REFERRAL is not estimated', () => {
    expect(forecast(input({ promotion: reload, members, runDays: 0 })).expectedCost).toBe(0n);
    const referral = forecast(input({ promotion: promo({ kind: 'REFERRAL' }), members }));
    expect(referral.estimated).toBe(false);
    expect(referral.expectedCost).toBe(0n);
  });
});
