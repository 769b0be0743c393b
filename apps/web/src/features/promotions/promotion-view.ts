import type { PromotionDetail, PromotionState } from '@app/contracts';
import { paths } from '../../config/paths';

/** The detail page of a promotion. */
export const promoDetailLink = (id: string) => `${paths.promoDetail}?id=${encodeURIComponent(id)}`;

/** How a state's badge looks: something to do, under way, done, refused, or nothing (closed, not yet). */
type BadgeTone = 'action' | 'progress' | 'done' | 'bad' | 'off';

export const STATE_TONE: Record<PromotionState, BadgeTone> = {
  JOIN: 'action',
  CLAIM: 'action',
  PROCESS: 'progress',
  JOINED: 'progress',
  APPLYING: 'progress',
  ISSUED: 'done',
  CLAIMED: 'done',
  SIGNED: 'done',
  REJECTED: 'bad',
  CLOSE: 'off',
  COMING_SOON: 'off',
};

/** The share of the target reached, 0 to 100 (whole percent, rounded down). */
export function progressPercent(p: { current: number; target: number }): number {
  if (p.target <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((p.current / p.target) * 100)));
}

/** One sentence of the rules in plain words: a key of the `promo` namespace and its values. */
interface RuleLine {
  key: string;
  values: Record<string, string | number>;
}

/**
 * The rules of a promotion in plain words, from its figures: who may take part, how often, what
 * it takes, what it pays, and the turnover to bet before withdrawing. Money is formatted by `money`.
 */
export function ruleLines(p: PromotionDetail, money: (amount: number) => string): RuleLine[] {
  const r = p.rules;
  const lines: RuleLine[] = [];
  if (p.minVipLevel > 0) lines.push({ key: 'rules.vip', values: { level: p.minVipLevel } });
  switch (p.kind) {
    case 'FIRST_DEPOSIT':
    case 'RELOAD':
      lines.push({ key: `rules.join.${p.period}`, values: {} });
      if (p.kind === 'FIRST_DEPOSIT') lines.push({ key: 'rules.firstOnly', values: {} });
      lines.push({
        key: 'rules.depositBonus',
        values: { min: money(r.minDeposit ?? 0), percent: r.bonusPercent ?? 0, max: money(r.maxBonus ?? 0) },
      });
      if (r.turnoverMultiple > 0)
        lines.push({ key: 'rules.depositTurnover', values: { times: r.turnoverMultiple } });
      lines.push({ key: 'rules.automatic', values: {} });
      break;
    case 'TURNOVER':
      lines.push({ key: `rules.turnover.${p.period}`, values: { target: money(r.targetTurnover ?? 0) } });
      lines.push({ key: 'rules.claim', values: { amount: money(r.bonusAmount ?? 0) } });
      break;
    case 'APPLY':
      lines.push({ key: `rules.once.${p.period}`, values: {} });
      lines.push({ key: 'rules.apply', values: { max: 140, images: 3, mb: 5 } });
      lines.push(
        r.maxBonus === null
          ? { key: 'rules.review', values: {} }
          : { key: 'rules.reviewUpTo', values: { max: money(r.maxBonus) } },
      );
      break;
    case 'SIGN_IN':
      lines.push({ key: 'rules.signIn', values: { amount: money(r.bonusAmount ?? 0) } });
      break;
    case 'RAFFLE':
      lines.push({ key: `rules.raffle.${p.period}`, values: { min: money(r.minDeposit ?? 0) } });
      for (const prize of r.prizes)
        lines.push({ key: 'rules.prize', values: { amount: money(prize.amount), chance: prize.chance } });
      break;
    case 'REFERRAL':
      lines.push({ key: 'rules.referral', values: {} });
      break;
  }
  if (p.kind !== 'FIRST_DEPOSIT' && p.kind !== 'RELOAD' && p.kind !== 'REFERRAL' && r.turnoverMultiple > 0)
    lines.push({ key: 'rules.bonusTurnover', values: { times: r.turnoverMultiple } });
  return lines;
}
