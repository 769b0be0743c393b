import type { PromoParticipationStatus, PromotionKind, PromotionPeriod } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  canActNow,
  capDecision,
  decide,
  depositBonus,
  ONCE,
  promoReference,
  promotionState,
  promotionWindow,
  turnoverRequired,
  VISITOR,
  type MemberFacts,
  type PromotionFacts,
} from './promotion-rules';

const TZ = 'Asia/Manila';
const START = new Date('2026-03-01T00:00:00+08:00');
const END = new Date('2026-04-01T00:00:00+08:00');
const DURING = new Date('2026-03-18T15:00:00+08:00').getTime(); // a Wednesday
const BEFORE = START.getTime() - 1;
const AFTER = END.getTime();

const promo = (kind: PromotionKind, o: Partial<PromotionFacts> = {}): PromotionFacts => ({
  kind,
  period: 'NONE',
  startsAt: START,
  endsAt: END,
  minVipLevel: 0,
  ...o,
});
const member = (o: Partial<MemberFacts> = {}): MemberFacts => ({
  status: null,
  vipLevel: 0,
  progress: 0n,
  target: null,
  firstDepositDone: false,
  ...o,
});
const withStatus = (status: PromoParticipationStatus) => member({ status });

describe('promotionWindow', () => {
  it('is the whole run for a promotion without periods', () => {
    expect(promotionWindow(promo('RELOAD'), DURING, TZ)).toEqual({ key: ONCE, start: START, end: END });
  });

  it('is the brand-zone day, week, half month or month holding the instant', () => {
    const cases: [PromotionPeriod, string, string, string][] = [
      ['DAILY', 'D:2026-03-18', '2026-03-18T00:00:00+08:00', '2026-03-19T00:00:00+08:00'],
      ['WEEKLY', 'W:2026-03-16', '2026-03-16T00:00:00+08:00', '2026-03-23T00:00:00+08:00'],
      ['SEMIMONTHLY', 'SM:2026-03-2', '2026-03-16T00:00:00+08:00', '2026-04-01T00:00:00+08:00'],
      ['MONTHLY', 'M:2026-03', '2026-03-01T00:00:00+08:00', '2026-04-01T00:00:00+08:00'],
    ];
    for (const [period, key, start, end] of cases) {
      const w = promotionWindow(promo('RELOAD', { period }), DURING, TZ);
      expect(w).toEqual({ key, start: new Date(start), end: new Date(end) });
    }
  });

  it('is cut to the promotion’s run: a week that began before the start counts from the start', () => {
    const startsWednesday = new Date('2026-03-18T10:00:00+08:00');
    const endsFriday = new Date('2026-03-20T18:00:00+08:00');
    const w = promotionWindow(
      promo('TURNOVER', { period: 'WEEKLY', startsAt: startsWednesday, endsAt: endsFriday }),
      DURING,
      TZ,
    );
    expect(w).toEqual({ key: 'W:2026-03-16', start: startsWednesday, end: endsFriday });
  });

  it('a daily key changes at the brand’s midnight, not UTC’s', () => {
    const p = promo('SIGN_IN', { period: 'DAILY' });
    const beforeMidnight = new Date('2026-03-18T23:59:59+08:00').getTime();
    expect(promotionWindow(p, beforeMidnight, TZ).key).toBe('D:2026-03-18');
    expect(promotionWindow(p, beforeMidnight + 1000, TZ).key).toBe('D:2026-03-19');
  });
});

describe('promotionState', () => {
  it('is COMING_SOON before the start and CLOSE from the end, whatever the kind', () => {
    for (const kind of [
      'FIRST_DEPOSIT',
      'RELOAD',
      'TURNOVER',
      'APPLY',
      'SIGN_IN',
      'RAFFLE',
      'REFERRAL',
    ] as const) {
      expect(promotionState(promo(kind), BEFORE, member()).state).toBe('COMING_SOON');
      expect(promotionState(promo(kind), BEFORE, member()).action).toBeNull();
      expect(promotionState(promo(kind), AFTER, member()).state).toBe('CLOSE');
      expect(promotionState(promo(kind), AFTER, member()).action).toBeNull();
    }
  });

  it('offers each kind’s starting state and button while running', () => {
    const at = (kind: PromotionKind, m = member()) => {
      const v = promotionState(promo(kind, { period: kind === 'SIGN_IN' ? 'DAILY' : 'NONE' }), DURING, m);
      return [v.state, v.action];
    };
    expect(at('FIRST_DEPOSIT')).toEqual(['JOIN', 'JOIN']);
    expect(at('RELOAD')).toEqual(['JOIN', 'JOIN']);
    expect(at('APPLY')).toEqual(['JOIN', 'APPLY']);
    expect(at('SIGN_IN')).toEqual(['CLAIM', 'SIGN']);
    expect(at('REFERRAL')).toEqual(['JOINED', 'INVITE']);
    expect(at('TURNOVER', member({ progress: 4_999_99n, target: 5_000_00n }))).toEqual(['PROCESS', null]);
    expect(at('TURNOVER', member({ progress: 5_000_00n, target: 5_000_00n }))).toEqual(['CLAIM', 'CLAIM']);
    expect(at('RAFFLE', member({ progress: 0n, target: 500_00n }))).toEqual(['PROCESS', null]);
    expect(at('RAFFLE', member({ progress: 700_00n, target: 500_00n }))).toEqual(['CLAIM', 'DRAW']);
  });

  it('shows this period’s participation as its state', () => {
    const cases: [PromotionKind, PromoParticipationStatus, string][] = [
      ['RELOAD', 'JOINED', 'JOINED'],
      ['RELOAD', 'ISSUED', 'ISSUED'],
      ['APPLY', 'APPLYING', 'APPLYING'],
      ['APPLY', 'REJECTED', 'REJECTED'],
      ['APPLY', 'ISSUED', 'ISSUED'],
      ['TURNOVER', 'CLAIMED', 'CLAIMED'],
      ['RAFFLE', 'CLAIMED', 'CLAIMED'],
      ['SIGN_IN', 'SIGNED', 'SIGNED'],
    ];
    for (const [kind, status, state] of cases) {
      const v = promotionState(promo(kind), DURING, withStatus(status));
      expect(v).toEqual({ state, action: null, eligible: true, ineligible: null });
    }
  });

  it('after the end keeps a finished participation, but a join that never got its deposit is CLOSE', () => {
    expect(promotionState(promo('RELOAD'), AFTER, withStatus('ISSUED')).state).toBe('ISSUED');
    expect(promotionState(promo('APPLY'), AFTER, withStatus('APPLYING')).state).toBe('APPLYING');
    expect(promotionState(promo('RELOAD'), AFTER, withStatus('JOINED')).state).toBe('CLOSE');
  });

  it('marks the action not eligible below the VIP minimum, and not for an unknown level (a visitor)', () => {
    const vip = promo('RELOAD', { minVipLevel: 3 });
    expect(promotionState(vip, DURING, member({ vipLevel: 2 }))).toEqual({
      state: 'JOIN',
      action: 'JOIN',
      eligible: false,
      ineligible: 'VIP',
    });
    expect(promotionState(vip, DURING, member({ vipLevel: 3 })).eligible).toBe(true);
    expect(promotionState(vip, DURING, VISITOR).eligible).toBe(true);
  });

  it('a first-deposit promotion is not for a member who has deposited already', () => {
    const v = promotionState(promo('FIRST_DEPOSIT'), DURING, member({ firstDepositDone: true }));
    expect(v).toMatchObject({ state: 'JOIN', eligible: false, ineligible: 'FIRST_DEPOSIT' });
    expect(canActNow(v)).toBe(false);
    // A reload does not care.
    expect(promotionState(promo('RELOAD'), DURING, member({ firstDepositDone: true })).eligible).toBe(true);
  });
});

describe('canActNow (availablePromoCount)', () => {
  it('counts JOIN and CLAIM states the member may act on, nothing else', () => {
    const count = (kind: PromotionKind, m = member(), at = DURING) =>
      canActNow(promotionState(promo(kind), at, m));
    expect(count('RELOAD')).toBe(true);
    expect(count('APPLY')).toBe(true);
    expect(count('SIGN_IN')).toBe(true);
    expect(count('TURNOVER', member({ progress: 10n, target: 10n }))).toBe(true);
    expect(count('TURNOVER', member({ progress: 9n, target: 10n }))).toBe(false);
    expect(count('REFERRAL')).toBe(false);
    expect(count('RELOAD', withStatus('JOINED'))).toBe(false);
    expect(count('RELOAD', member(), BEFORE)).toBe(false);
    expect(count('RELOAD', member(), AFTER)).toBe(false);
    expect(canActNow(promotionState(promo('RELOAD', { minVipLevel: 1 }), DURING, member()))).toBe(false);
  });
});

describe('decide (the transitions)', () => {
  const d = (
    kind: PromotionKind,
    m: MemberFacts,
    action: Parameters<typeof decide>[2],
    at = DURING,
    o = {},
  ) => {
    const p = promo(kind, o);
    return decide(p, promotionState(p, at, m), action);
  };

  it('allows each kind’s own action from its starting state', () => {
    expect(d('RELOAD', member(), 'JOIN')).toEqual({ kind: 'ok' });
    expect(d('FIRST_DEPOSIT', member(), 'JOIN')).toEqual({ kind: 'ok' });
    expect(d('APPLY', member(), 'APPLY')).toEqual({ kind: 'ok' });
    expect(d('SIGN_IN', member(), 'SIGN')).toEqual({ kind: 'ok' });
    expect(d('TURNOVER', member({ progress: 10n, target: 10n }), 'CLAIM')).toEqual({ kind: 'ok' });
    expect(d('RAFFLE', member({ progress: 10n, target: 10n }), 'DRAW')).toEqual({ kind: 'ok' });
  });

  it('answers a repeat of the action already taken this period as done (a second click)', () => {
    expect(d('RELOAD', withStatus('JOINED'), 'JOIN')).toEqual({ kind: 'done' });
    expect(d('APPLY', withStatus('APPLYING'), 'APPLY')).toEqual({ kind: 'done' });
    expect(d('TURNOVER', withStatus('CLAIMED'), 'CLAIM')).toEqual({ kind: 'done' });
    expect(d('SIGN_IN', withStatus('SIGNED'), 'SIGN')).toEqual({ kind: 'done' });
    expect(d('RAFFLE', withStatus('CLAIMED'), 'DRAW')).toEqual({ kind: 'done' });
  });

  it('refuses an action the kind does not take', () => {
    const invalid = { kind: 'refused', code: 'promo.action.invalid', params: [] };
    expect(d('TURNOVER', member(), 'JOIN')).toEqual(invalid);
    expect(d('RELOAD', member(), 'CLAIM')).toEqual(invalid);
    expect(d('APPLY', member(), 'JOIN')).toEqual(invalid);
    expect(d('RAFFLE', member(), 'CLAIM')).toEqual(invalid);
    expect(d('REFERRAL', member(), 'INVITE')).toEqual(invalid);
  });

  it('refuses coming soon and closed promotions', () => {
    expect(d('RELOAD', member(), 'JOIN', BEFORE)).toMatchObject({ code: 'promo.closed' });
    expect(d('RELOAD', member(), 'JOIN', AFTER)).toMatchObject({ code: 'promo.closed' });
    expect(d('APPLY', member(), 'APPLY', AFTER)).toMatchObject({ code: 'promo.closed' });
    expect(d('RELOAD', withStatus('JOINED'), 'JOIN', AFTER)).toMatchObject({ code: 'promo.closed' });
  });

  it('refuses a claim or draw before the target is reached', () => {
    expect(d('TURNOVER', member({ progress: 9n, target: 10n }), 'CLAIM')).toMatchObject({
      code: 'reward.not.claimable',
    });
    expect(d('RAFFLE', member({ progress: 0n, target: 10n }), 'DRAW')).toMatchObject({
      code: 'reward.not.claimable',
    });
  });

  it('refuses a second participation of another kind in the same period', () => {
    expect(d('RELOAD', withStatus('ISSUED'), 'JOIN')).toMatchObject({ code: 'promo.participated' });
    expect(d('APPLY', withStatus('REJECTED'), 'APPLY')).toMatchObject({ code: 'promo.participated' });
    expect(d('APPLY', withStatus('ISSUED'), 'APPLY')).toMatchObject({ code: 'promo.participated' });
  });

  it('refuses below the VIP minimum (naming the level) and a first deposit made already', () => {
    expect(d('RELOAD', member({ vipLevel: 1 }), 'JOIN', DURING, { minVipLevel: 3 })).toEqual({
      kind: 'refused',
      code: 'promo.vip.required',
      params: [3],
    });
    expect(d('FIRST_DEPOSIT', member({ firstDepositDone: true }), 'JOIN')).toMatchObject({
      code: 'promo.not.eligible',
    });
  });
});

describe('figures', () => {
  it('a deposit bonus is the rate of the deposit, rounded down, capped', () => {
    expect(depositBonus(200_00n, 1_000, 1_000_00n)).toBe(20_00n);
    expect(depositBonus(123_45n, 1_000, 1_000_00n)).toBe(12_34n);
    expect(depositBonus(50_000_00n, 1_000, 1_000_00n)).toBe(1_000_00n);
    expect(depositBonus(500_00n, 10_000, 3_000_00n)).toBe(500_00n);
  });

  it('turnover: (deposit + bonus) x multiple for deposit bonuses, bonus x multiple otherwise', () => {
    expect(turnoverRequired(20_00n, 5, 200_00n)).toBe(1_100_00n);
    expect(turnoverRequired(88_00n, 1)).toBe(88_00n);
    expect(turnoverRequired(88_00n, 0)).toBe(0n);
  });

  it('the bonus reference is made of the promotion, the member and the period only', () => {
    expect(promoReference('7', '42', 'D:2026-03-18')).toBe('PROMO:7:42:D:2026-03-18');
    expect(promoReference('7', '42', ONCE)).not.toBe(promoReference('7', '43', ONCE));
    expect(promoReference('7', '42', 'D:2026-03-18')).not.toBe(promoReference('7', '42', 'D:2026-03-19'));
  });
});

describe('operator settings', () => {
  it('a stopped promotion is closed to anything new; a joined member of it sees it closed, a paid one keeps the state', () => {
    const p = promo('RELOAD', { stopped: true });
    expect(promotionState(p, DURING, member()).state).toBe('CLOSE');
    expect(decide(p, promotionState(p, DURING, member()), 'JOIN')).toEqual({
      kind: 'refused',
      code: 'promo.closed',
      params: [],
    });
    expect(promotionState(p, DURING, withStatus('JOINED')).state).toBe('CLOSE');
    expect(promotionState(p, DURING, withStatus('ISSUED')).state).toBe('ISSUED');
  });

  it('a level above the maximum, or a member registered too long ago, may not take part', () => {
    const top = promo('SIGN_IN', { period: 'DAILY', maxVipLevel: 2 });
    const high = promotionState(top, DURING, member({ vipLevel: 3 }));
    expect(high).toMatchObject({ eligible: false, ineligible: null });
    expect(decide(top, high, 'SIGN')).toMatchObject({ kind: 'refused', code: 'promo.not.eligible' });
    expect(promotionState(top, DURING, member({ vipLevel: 2 })).eligible).toBe(true);
    const fresh = promo('SIGN_IN', { period: 'DAILY', newMemberDays: 7 });
    const old = new Date(DURING - 8 * 86_400_000);
    const recent = new Date(DURING - 6 * 86_400_000);
    expect(promotionState(fresh, DURING, member({ registeredAt: old })).eligible).toBe(false);
    expect(promotionState(fresh, DURING, member({ registeredAt: recent })).eligible).toBe(true);
  });

  const caps = {
    killed: false,
    budgetTotal: 10_000n,
    budgetUsed: 9_000n,
    maxClaims: 5,
    claimsCount: 2,
    perMemberCap: 3_000n,
  };

  it('caps: a bonus that passes the budget, the member cap or the number of bonuses is refused', () => {
    expect(capDecision(caps, 0n, 1_000n)).toEqual({ kind: 'ok', amount: 1_000n });
    expect(capDecision(caps, 0n, 1_001n)).toEqual({ kind: 'refused', code: 'promo.budget.exhausted' });
    expect(capDecision(caps, 2_500n, 600n)).toEqual({ kind: 'refused', code: 'promo.member.cap' });
    expect(capDecision({ ...caps, claimsCount: 5 }, 0n, 1n)).toEqual({
      kind: 'refused',
      code: 'promo.budget.exhausted',
    });
    expect(capDecision({ ...caps, killed: true }, 0n, 1n)).toEqual({
      kind: 'refused',
      code: 'promo.stopped',
    });
    const open = { ...caps, budgetTotal: null, maxClaims: null, perMemberCap: null };
    expect(capDecision(open, 1_000_000n, 1_000_000n)).toEqual({ kind: 'ok', amount: 1_000_000n });
  });

  it('caps: a deposit bonus is cut to what the caps leave, refused when they leave nothing', () => {
    expect(capDecision(caps, 0n, 5_000n, true)).toEqual({ kind: 'ok', amount: 1_000n });
    expect(capDecision(caps, 2_800n, 5_000n, true)).toEqual({ kind: 'ok', amount: 200n });
    expect(capDecision(caps, 3_000n, 5_000n, true)).toEqual({ kind: 'refused', code: 'promo.member.cap' });
    expect(capDecision({ ...caps, budgetUsed: 10_000n }, 0n, 5_000n, true)).toEqual({
      kind: 'refused',
      code: 'promo.budget.exhausted',
    });
  });
});
