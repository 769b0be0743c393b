import type {
  ErrorCode,
  PromoParticipationStatus,
  PromotionAction,
  PromotionIneligible,
  PromotionKind,
  PromotionPeriod,
  PromotionState,
} from '@app/contracts';
import { periodAt, type PeriodKind } from '../../platform/periods';

/**
 * The rules of promotions, pure: a promotion's period, a member's state of it and the
 * action that state offers, whether an action may be taken, and the bonus figures. The service
 * gathers the facts (participation, progress, VIP level) and calls these; the unit tests cover
 * every state and transition here.
 */

/** The platform period of each promotion period (platform/periods.ts: D, W, SM, M in the brand's zone). */
const PROMOTION_PERIOD_KINDS: Record<Exclude<PromotionPeriod, 'NONE'>, PeriodKind> = {
  DAILY: 'D',
  WEEKLY: 'W',
  SEMIMONTHLY: 'SM',
  MONTHLY: 'M',
};

/** The period key of a promotion without periods: a member takes part once for its whole run. */
export const ONCE = 'ONCE';

/** What a promotion's rules need of it. */
export interface PromotionFacts {
  kind: PromotionKind;
  period: PromotionPeriod;
  startsAt: Date;
  endsAt: Date | null;
  minVipLevel: number;
  /** Stopped by the kill switch, or its budget or number of bonuses used up: it takes nothing new. */
  stopped?: boolean;
  /** Members above this level may not take part (null or absent: no upper bound). */
  maxVipLevel?: number | null;
  /** Only members registered at most this many days ago may take part (null or absent: everyone). */
  newMemberDays?: number | null;
}

/** The period of a promotion that holds an instant, within the promotion's run. */
export interface PromotionWindow {
  /** ONCE, or the platform period's key (D:2026-11-25, W:2026-11-23, SM:2026-11-1, M:2026-11). */
  key: string;
  start: Date;
  /** null: no end (a promotion without periods and without an end date). */
  end: Date | null;
}

const DAY_MS = 86_400_000;

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const earlier = (a: Date, b: Date | null) => (b === null || a.getTime() <= b.getTime() ? a : b);

/**
 * The promotion's period that holds `at` (in the brand's zone `tz`), cut to the promotion's run:
 * a weekly promotion that starts on a Wednesday counts its first week from that Wednesday.
 */
export function promotionWindow(p: PromotionFacts, at: number, tz: string): PromotionWindow {
  if (p.period === 'NONE') return { key: ONCE, start: p.startsAt, end: p.endsAt };
  const period = periodAt(PROMOTION_PERIOD_KINDS[p.period], at, tz);
  return { key: period.key, start: later(period.start, p.startsAt), end: earlier(period.end, p.endsAt) };
}

/** What is known of a member for a promotion (a visitor: nothing taken part in, level unknown). */
export interface MemberFacts {
  /** The member's participation of the promotion's current period, if any. */
  status: PromoParticipationStatus | null;
  /** null: unknown (a visitor); a minimum level is then not held against the action. */
  vipLevel: number | null;
  /** TURNOVER: valid turnover in the period; RAFFLE: deposits in the period (minor units). */
  progress: bigint;
  /** TURNOVER: the turnover target; RAFFLE: the deposits that qualify; else null. */
  target: bigint | null;
  /** FIRST_DEPOSIT: the member has a deposit credited already. */
  firstDepositDone: boolean;
  /** When the member registered (read when the promotion is for new members only). */
  registeredAt?: Date | null;
}

/** A visitor's facts: what the list shows someone who is not logged in. */
export const VISITOR: MemberFacts = {
  status: null,
  vipLevel: null,
  progress: 0n,
  target: null,
  firstDepositDone: false,
};

export interface StateView {
  state: PromotionState;
  /** The state's button; null: none. */
  action: PromotionAction | null;
  /** false: the action is shown but the member may not take it (see ineligible). */
  eligible: boolean;
  ineligible: PromotionIneligible | null;
}

/** The one action each kind takes (REFERRAL: the invite-friends page, no action on the promotion). */
export const KIND_ACTION: Record<PromotionKind, PromotionAction> = {
  FIRST_DEPOSIT: 'JOIN',
  RELOAD: 'JOIN',
  APPLY: 'APPLY',
  TURNOVER: 'CLAIM',
  SIGN_IN: 'SIGN',
  RAFFLE: 'DRAW',
  REFERRAL: 'INVITE',
};

/** A participation's status as a state (SPEC section 4 names). */
const STATUS_STATE: Record<PromoParticipationStatus, PromotionState> = {
  JOINED: 'JOINED',
  APPLYING: 'APPLYING',
  REJECTED: 'REJECTED',
  ISSUED: 'ISSUED',
  CLAIMED: 'CLAIMED',
  SIGNED: 'SIGNED',
};

const view = (state: PromotionState, action: PromotionAction | null = null): StateView => ({
  state,
  action,
  eligible: true,
  ineligible: null,
});

/**
 * A member's state of a promotion at `now`, and the button it offers:
 * - before the start: COMING_SOON;
 * - a participation of the current period shows as its state (JOINED, APPLYING, REJECTED, ISSUED,
 *   CLAIMED, SIGNED), except a JOINED deposit promotion that ended without a deposit: CLOSE;
 * - after the end, with no participation: CLOSE;
 * - else by kind: FIRST_DEPOSIT and RELOAD JOIN (join), APPLY JOIN (apply), TURNOVER and RAFFLE
 *   PROCESS until the target is reached, then CLAIM (claim, draw), SIGN_IN CLAIM (sign in),
 *   REFERRAL JOINED (invite friends; every member takes part).
 * An action is marked not eligible when the member's VIP level is below the minimum or above the
 * maximum, when a FIRST_DEPOSIT promotion meets a member who has deposited already, or when a
 * promotion for new members meets a member registered longer ago. A stopped promotion (kill
 * switch, budget or number of bonuses used up) is CLOSE for anything new.
 */
export function promotionState(p: PromotionFacts, now: number, m: MemberFacts): StateView {
  if (now < p.startsAt.getTime()) return view('COMING_SOON');
  // A stopped promotion is closed to anything new; what was paid shows as it is.
  const ended = (p.endsAt !== null && now >= p.endsAt.getTime()) || p.stopped === true;
  if (m.status !== null) {
    if (m.status === 'JOINED' && ended) return view('CLOSE');
    return view(STATUS_STATE[m.status]);
  }
  if (ended) return view('CLOSE');

  let v: StateView;
  switch (p.kind) {
    case 'FIRST_DEPOSIT':
    case 'RELOAD':
      v = view('JOIN', 'JOIN');
      break;
    case 'APPLY':
      v = view('JOIN', 'APPLY');
      break;
    case 'TURNOVER':
    case 'RAFFLE':
      v = m.target !== null && m.progress >= m.target ? view('CLAIM', KIND_ACTION[p.kind]) : view('PROCESS');
      break;
    case 'SIGN_IN':
      v = view('CLAIM', 'SIGN');
      break;
    case 'REFERRAL':
      return view('JOINED', 'INVITE');
  }
  if (m.vipLevel !== null && m.vipLevel < p.minVipLevel) return { ...v, eligible: false, ineligible: 'VIP' };
  if (p.kind === 'FIRST_DEPOSIT' && m.firstDepositDone)
    return { ...v, eligible: false, ineligible: 'FIRST_DEPOSIT' };
  // No reason the site names (it shows the button off); the action answers promo.not.eligible.
  if (p.maxVipLevel != null && m.vipLevel !== null && m.vipLevel > p.maxVipLevel)
    return { ...v, eligible: false, ineligible: null };
  if (p.newMemberDays != null && m.registeredAt && now - m.registeredAt.getTime() > p.newMemberDays * DAY_MS)
    return { ...v, eligible: false, ineligible: null };
  return v;
}

/** Counted in availablePromoCount: the member can join, apply, claim, sign in or draw now. */
export const canActNow = (v: StateView): boolean =>
  v.eligible && v.action !== null && v.action !== 'INVITE' && (v.state === 'JOIN' || v.state === 'CLAIM');

/** The state each action leaves behind: taking it again in that state is a repeat, answered as done. */
const DONE_STATE: Record<PromotionAction, PromotionState | null> = {
  JOIN: 'JOINED',
  APPLY: 'APPLYING',
  CLAIM: 'CLAIMED',
  SIGN: 'SIGNED',
  DRAW: 'CLAIMED',
  INVITE: null,
};

/** May this action be taken? `ok`: go ahead; `done`: it was taken already this period (answer as before). */
type Decision =
  { kind: 'ok' } | { kind: 'done' } | { kind: 'refused'; code: ErrorCode; params: (string | number)[] };

const refused = (code: ErrorCode, params: (string | number)[] = []): Decision => ({
  kind: 'refused',
  code,
  params,
});

/**
 * Whether `action` may be taken on a promotion whose state for the member is `v`, in this order:
 * an action the kind does not take is refused (promo.action.invalid); a repeat of the action
 * already taken this period is `done` (a second click answers the first); coming soon or closed is
 * promo.closed; a target not reached yet is reward.not.claimable; another participation of this
 * period (issued, rejected, ...) is promo.participated; then the member's eligibility.
 */
export function decide(p: PromotionFacts, v: StateView, action: PromotionAction): Decision {
  if (KIND_ACTION[p.kind] !== action || action === 'INVITE') return refused('promo.action.invalid');
  if (DONE_STATE[action] === v.state) return { kind: 'done' };
  if (v.state === 'COMING_SOON' || v.state === 'CLOSE') return refused('promo.closed');
  if (v.state === 'PROCESS') return refused('reward.not.claimable');
  if (v.action !== action) return refused('promo.participated');
  if (!v.eligible) {
    return v.ineligible === 'VIP'
      ? refused('promo.vip.required', [p.minVipLevel])
      : refused('promo.not.eligible');
  }
  return { kind: 'ok' };
}

// ---- figures -------------------------------------------------------------------------------------

const BP = 10_000n;

/** A deposit promotion's bonus: the rate of the deposit, rounded down to a minor unit, at most the cap. */
export function depositBonus(deposit: bigint, rateBp: number, maxBonus: bigint): bigint {
  const bonus = (deposit * BigInt(rateBp)) / BP;
  return bonus < maxBonus ? bonus : maxBonus;
}

/**
 * Turnover to bet before withdrawing: (deposit + bonus) x multiple for a deposit bonus (the
 * deposit is played through too), the bonus x multiple for every other reward.
 */
export function turnoverRequired(amount: bigint, multiple: number, deposit = 0n): bigint {
  return (deposit + amount) * BigInt(multiple);
}

/** A rate in basis points as a percentage with 2 decimals (1000 → 10). */
export const bpToPercent = (bp: number): number => bp / 100;

/**
 * The ledger reference of a promotion's bonus.
 * WARNING: one reward, one reference: a promotion pays a member once per period, so the reference
 * is built from exactly those three (and the participation row is unique on the same three). Any
 * other part in it (a time, a request id, an amount) would let a retry or a second instance pay
 * twice; leaving one out would make two periods' bonuses collide and the second never be paid.
 */
export const promoReference = (promotionId: string, memberId: string, periodKey: string): string =>
  `PROMO:${promotionId}:${memberId}:${periodKey}`;

// ---- caps ----------------------------------------------------------------------------------------

/** A promotion's caps and what is used of them, read under its row lock. */
export interface PromotionCaps {
  killed: boolean;
  budgetTotal: bigint | null;
  budgetUsed: bigint;
  maxClaims: number | null;
  claimsCount: number;
  perMemberCap: bigint | null;
}

export type CapDecision = { kind: 'ok'; amount: bigint } | { kind: 'refused'; code: ErrorCode };

/**
 * Whether a bonus of `amount` may be paid now, given the promotion's caps and what the member was
 * paid by it already: refused when the promotion was stopped, when it paid its number of bonuses,
 * or when the bonus would pass the budget or the member's cap. With `fitToCaps` (a deposit bonus,
 * which is a rate of what was deposited) the bonus is cut to what the caps leave instead, and only
 * refused when they leave nothing.
 */
export function capDecision(
  caps: PromotionCaps,
  memberPaid: bigint,
  amount: bigint,
  fitToCaps = false,
): CapDecision {
  if (caps.killed) return { kind: 'refused', code: 'promo.stopped' };
  if (caps.maxClaims !== null && caps.claimsCount >= caps.maxClaims)
    return { kind: 'refused', code: 'promo.budget.exhausted' };
  const budgetLeft = caps.budgetTotal === null ? null : caps.budgetTotal - caps.budgetUsed;
  const memberLeft = caps.perMemberCap === null ? null : caps.perMemberCap - memberPaid;
  if (memberLeft !== null && memberLeft <= 0n) return { kind: 'refused', code: 'promo.member.cap' };
  if (budgetLeft !== null && budgetLeft <= 0n) return { kind: 'refused', code: 'promo.budget.exhausted' };
  if (!fitToCaps) {
    if (memberLeft !== null && amount > memberLeft) return { kind: 'refused', code: 'promo.member.cap' };
    if (budgetLeft !== null && amount > budgetLeft)
      return { kind: 'refused', code: 'promo.budget.exhausted' };
    return { kind: 'ok', amount };
  }
  let fitted = amount;
  if (memberLeft !== null && fitted > memberLeft) fitted = memberLeft;
  if (budgetLeft !== null && fitted > budgetLeft) fitted = budgetLeft;
  return { kind: 'ok', amount: fitted };
}
