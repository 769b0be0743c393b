import type { PromotionKind, PromotionPeriod } from '@app/contracts';
import { depositBonus } from './promotion-rules';

/**
 * The bonus cost forecast shown before a promotion is published, pure: what the promotion as
 * configured would have paid over the last `windowDays` of real activity, scaled to the part of the
 * next `windowDays` it runs, then scaled by the take-up of similar promotions.
 *
 * 1. Eligible members: members active in the window (a credited deposit or a settled bet) whose
 *    VIP level is within the promotion's range; for a promotion for new members, those who
 *    registered within the window (they stand for the members who will arrive).
 * 2. Most claims and cost, per member, if every eligible member took part every period:
 *    FIRST_DEPOSIT: the member's first deposit ever, if made in the window and of at least the
 *    minimum: one bonus of its rate (capped). RELOAD: the first qualifying deposits, one per period.
 *    TURNOVER: floor(turnover / target) bonuses, at most one per period. SIGN_IN: one per active
 *    day. RAFFLE: floor(deposits / minimum) draws, at most one per period, each worth the prize
 *    table's expected prize. APPLY: what similar promotions granted in the window (no member
 *    formula: an operator decides each one). REFERRAL: not estimated (the referral programme's
 *    own rules pay it). A member's total is cut to the per-member cap.
 * 3. Scale: x (days the promotion runs in the next window / window days).
 * 4. Take-up: similar promotions (same kind) that ran in the window paid `claims`; the same formula
 *    gives what they could have paid; take-up = paid / could have paid (at most 1). Without a
 *    similar promotion every eligible member is assumed to take part (an upper bound).
 * 5. Caps: the expected figures are cut to the budget and number of bonuses left.
 */

const BP_SCALE = 1_000_000n;

/** What the window shows of one member active in it. */
export interface ForecastMember {
  vipLevel: number;
  /** Days between the member's registration and the forecast. */
  registeredDaysAgo: number;
  /** Credited deposits in the window, oldest first, minor units. */
  deposits: bigint[];
  /** The first of `deposits` is the member's first credited deposit ever. */
  firstDepositInWindow: boolean;
  /** Valid turnover of settled bets in the window, minor units. */
  turnover: bigint;
  /** Days of the window with a deposit or a bet. */
  activeDays: number;
}

/** A promotion's figures as the forecast reads them (minor units). */
export interface ForecastPromotion {
  kind: PromotionKind;
  period: PromotionPeriod;
  minVipLevel: number;
  maxVipLevel: number | null;
  newMemberDays: number | null;
  minDeposit: bigint | null;
  bonusRateBp: number | null;
  maxBonus: bigint | null;
  bonusAmount: bigint | null;
  targetTurnover: bigint | null;
  /** RAFFLE's prize table. */
  prizes: { amount: bigint; weight: number }[];
  perMemberCap: bigint | null;
}

/** A promotion of the same kind that ran in the window, and what it paid in it. */
export interface SimilarPromotion {
  promotion: ForecastPromotion;
  /** Days of the window it ran. */
  runDays: number;
  claims: number;
  cost: bigint;
}

export interface ForecastInput {
  windowDays: number;
  /** Days of the promotion's run within the next `windowDays` (0: it will not run). */
  runDays: number;
  members: ForecastMember[];
  promotion: ForecastPromotion;
  similar: SimilarPromotion[];
  /** What the caps leave (null: no cap). */
  budgetLeft: bigint | null;
  claimsLeft: number | null;
}

export interface Forecast {
  /** false: the kind is not estimated (REFERRAL). */
  estimated: boolean;
  activeMembers: number;
  eligibleMembers: number;
  /** If every eligible member took part, over the promotion's run in the next window. */
  maxClaims: number;
  maxCost: bigint;
  /** 0..1; `takeUpSource` says where it comes from. */
  takeUp: number;
  takeUpSource: 'SIMILAR' | 'ASSUMED_ALL';
  similarClaims: number;
  similarCost: bigint;
  expectedClaims: number;
  expectedCost: bigint;
  /** The cap that cut the expected figures, if one did. */
  cappedBy: 'BUDGET' | 'CLAIMS' | null;
}

/** How many periods of the promotion fit in `days` (NONE: once for the whole run). */
export function periodsIn(period: PromotionPeriod, days: number): number {
  switch (period) {
    case 'NONE':
      return 1;
    case 'DAILY':
      return Math.max(1, Math.round(days));
    case 'WEEKLY':
      return Math.max(1, Math.ceil(days / 7));
    case 'SEMIMONTHLY':
      return Math.max(1, Math.ceil(days / 15));
    case 'MONTHLY':
      return Math.max(1, Math.ceil(days / 30));
  }
}

export function eligible(p: ForecastPromotion, m: ForecastMember, windowDays: number): boolean {
  if (m.vipLevel < p.minVipLevel) return false;
  if (p.maxVipLevel !== null && m.vipLevel > p.maxVipLevel) return false;
  if (p.newMemberDays !== null && m.registeredDaysAgo > windowDays) return false;
  return true;
}

/** The expected prize of a raffle's table (rounded down to a minor unit). */
export function expectedPrize(prizes: { amount: bigint; weight: number }[]): bigint {
  const weights = prizes.reduce((s, p) => s + BigInt(p.weight), 0n);
  if (weights === 0n) return 0n;
  return prizes.reduce((s, p) => s + p.amount * BigInt(p.weight), 0n) / weights;
}

/** What one member could have claimed in `windowDays` (claims, cost), before scaling. */
export function memberUpperBound(
  p: ForecastPromotion,
  m: ForecastMember,
  windowDays: number,
): { claims: number; cost: bigint } {
  const periods = periodsIn(p.period, windowDays);
  let claims = 0;
  let cost = 0n;
  switch (p.kind) {
    case 'FIRST_DEPOSIT': {
      const first = m.deposits[0];
      if (m.firstDepositInWindow && first !== undefined && first >= (p.minDeposit ?? 0n)) {
        claims = 1;
        cost = depositBonus(first, p.bonusRateBp ?? 0, p.maxBonus ?? 0n);
      }
      break;
    }
    case 'RELOAD': {
      const qualifying = m.deposits.filter((d) => d >= (p.minDeposit ?? 0n)).slice(0, periods);
      claims = qualifying.length;
      for (const d of qualifying) cost += depositBonus(d, p.bonusRateBp ?? 0, p.maxBonus ?? 0n);
      break;
    }
    case 'TURNOVER': {
      const target = p.targetTurnover ?? 0n;
      if (target > 0n) claims = Math.min(periods, Number(m.turnover / target));
      cost = BigInt(claims) * (p.bonusAmount ?? 0n);
      break;
    }
    case 'SIGN_IN':
      claims = Math.min(m.activeDays, Math.max(1, Math.round(windowDays)));
      cost = BigInt(claims) * (p.bonusAmount ?? 0n);
      break;
    case 'RAFFLE': {
      const min = p.minDeposit ?? 0n;
      const deposited = m.deposits.reduce((s, d) => s + d, 0n);
      if (min > 0n) claims = Math.min(periods, Number(deposited / min));
      cost = BigInt(claims) * expectedPrize(p.prizes);
      break;
    }
    case 'APPLY':
    case 'REFERRAL':
      break;
  }
  if (p.perMemberCap !== null && cost > p.perMemberCap) cost = p.perMemberCap;
  return { claims, cost };
}

/** `value` x num / den, rounded to the nearest minor unit. */
const scaleMinor = (value: bigint, num: number, den: number): bigint => {
  if (den <= 0) return 0n;
  const ratio = BigInt(Math.round((num / den) * Number(BP_SCALE)));
  return (value * ratio + BP_SCALE / 2n) / BP_SCALE;
};

/** The most a promotion could have paid over `days` of the window's activity, scaled to `runDays`. */
function upperBound(
  p: ForecastPromotion,
  members: ForecastMember[],
  windowDays: number,
  runDays: number,
): { claims: number; cost: bigint; eligible: number } {
  let claims = 0;
  let cost = 0n;
  let count = 0;
  for (const m of members) {
    if (!eligible(p, m, windowDays)) continue;
    count++;
    const u = memberUpperBound(p, m, windowDays);
    claims += u.claims;
    cost += u.cost;
  }
  return {
    claims: Math.round((claims * runDays) / windowDays),
    cost: scaleMinor(cost, runDays, windowDays),
    eligible: count,
  };
}

export function forecast(input: ForecastInput): Forecast {
  const { promotion: p, windowDays } = input;
  const similarClaims = input.similar.reduce((s, x) => s + x.claims, 0);
  const similarCost = input.similar.reduce((s, x) => s + x.cost, 0n);
  const base = {
    activeMembers: input.members.length,
    similarClaims,
    similarCost,
  };
  if (p.kind === 'REFERRAL') {
    return {
      ...base,
      estimated: false,
      eligibleMembers: input.members.filter((m) => eligible(p, m, windowDays)).length,
      maxClaims: 0,
      maxCost: 0n,
      takeUp: 0,
      takeUpSource: 'ASSUMED_ALL',
      expectedClaims: 0,
      expectedCost: 0n,
      cappedBy: null,
    };
  }

  let upper: { claims: number; cost: bigint; eligible: number };
  let takeUp = 1;
  let takeUpSource: Forecast['takeUpSource'] = 'ASSUMED_ALL';
  if (p.kind === 'APPLY') {
    // What similar promotions granted per day of their run, at most this one's cap per grant.
    const runDays = input.similar.reduce((s, x) => s + x.runDays, 0);
    const claims = runDays > 0 ? Math.round((similarClaims * input.runDays) / runDays) : 0;
    let average = similarClaims > 0 ? similarCost / BigInt(similarClaims) : 0n;
    if (p.maxBonus !== null && average > p.maxBonus) average = p.maxBonus;
    upper = {
      claims,
      cost: BigInt(claims) * average,
      eligible: input.members.filter((m) => eligible(p, m, windowDays)).length,
    };
    if (similarClaims > 0) takeUpSource = 'SIMILAR';
  } else {
    upper = upperBound(p, input.members, windowDays, input.runDays);
    const could = input.similar.reduce(
      (s, x) => s + upperBound(x.promotion, input.members, windowDays, x.runDays).claims,
      0,
    );
    if (could > 0) {
      takeUp = Math.min(1, similarClaims / could);
      takeUpSource = 'SIMILAR';
    }
  }

  let expectedClaims = Math.round(upper.claims * takeUp);
  let expectedCost = scaleMinor(upper.cost, takeUp, 1);
  let cappedBy: Forecast['cappedBy'] = null;
  if (input.budgetLeft !== null && expectedCost > input.budgetLeft) {
    // Claims shrink with the cost they stop at (the average bonus stays).
    expectedClaims =
      expectedCost > 0n
        ? Math.floor(Number((BigInt(expectedClaims) * input.budgetLeft) / expectedCost))
        : expectedClaims;
    expectedCost = input.budgetLeft < 0n ? 0n : input.budgetLeft;
    cappedBy = 'BUDGET';
  }
  if (input.claimsLeft !== null && expectedClaims > input.claimsLeft) {
    const left = Math.max(0, input.claimsLeft);
    expectedCost = expectedClaims > 0 ? (expectedCost * BigInt(left)) / BigInt(expectedClaims) : 0n;
    expectedClaims = left;
    cappedBy = 'CLAIMS';
  }
  return {
    ...base,
    estimated: true,
    eligibleMembers: upper.eligible,
    maxClaims: upper.claims,
    maxCost: upper.cost,
    takeUp,
    takeUpSource,
    expectedClaims,
    expectedCost,
    cappedBy,
  };
}
