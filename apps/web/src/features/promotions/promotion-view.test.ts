import { PROMOTION_STATES, type PromotionDetail } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/promo/en.json';
import { progressPercent, promoDetailLink, ruleLines, STATE_TONE } from './promotion-view';

const money = (n: number) => `P ${n.toFixed(2)}`;

const base: PromotionDetail = {
  id: '7',
  kind: 'RELOAD',
  categoryId: '2',
  title: 'Daily 10% reload',
  summary: '',
  imageUrl: null,
  startTime: '2026-01-01T00:00:00Z',
  endTime: null,
  period: 'DAILY',
  minVipLevel: 0,
  state: 'JOIN',
  action: 'JOIN',
  eligible: true,
  ineligible: null,
  progress: null,
  periodEndTime: null,
  content: '',
  rules: {
    minDeposit: 100,
    bonusPercent: 10,
    maxBonus: 1000,
    bonusAmount: null,
    targetTurnover: null,
    turnoverMultiple: 5,
    prizes: [],
  },
  mine: null,
};

/** A key's text in the English file (dotted path), or undefined. */
function text(key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);
}

describe('ruleLines', () => {
  it('says a reload in plain words: join each period, the bonus, its turnover, paid at once', () => {
    expect(ruleLines(base, money)).toEqual([
      { key: 'rules.join.DAILY', values: {} },
      { key: 'rules.depositBonus', values: { min: 'P 100.00', percent: 10, max: 'P 1000.00' } },
      { key: 'rules.depositTurnover', values: { times: 5 } },
      { key: 'rules.automatic', values: {} },
    ]);
  });

  it('names the VIP minimum, a first deposit, the raffle’s prizes and a bonus’s turnover', () => {
    const vip = ruleLines({ ...base, minVipLevel: 3, kind: 'FIRST_DEPOSIT', period: 'NONE' }, money);
    expect(vip.map((l) => l.key)).toEqual([
      'rules.vip',
      'rules.join.NONE',
      'rules.firstOnly',
      'rules.depositBonus',
      'rules.depositTurnover',
      'rules.automatic',
    ]);
    const raffle = ruleLines(
      {
        ...base,
        kind: 'RAFFLE',
        period: 'WEEKLY',
        rules: {
          ...base.rules,
          minDeposit: 500,
          turnoverMultiple: 1,
          prizes: [
            { amount: 8, chance: 90 },
            { amount: 88, chance: 10 },
          ],
        },
      },
      money,
    );
    expect(raffle).toEqual([
      { key: 'rules.raffle.WEEKLY', values: { min: 'P 500.00' } },
      { key: 'rules.prize', values: { amount: 'P 8.00', chance: 90 } },
      { key: 'rules.prize', values: { amount: 'P 88.00', chance: 10 } },
      { key: 'rules.bonusTurnover', values: { times: 1 } },
    ]);
  });

  it('uses only keys the English texts have, for every kind and period', () => {
    for (const kind of [
      'FIRST_DEPOSIT',
      'RELOAD',
      'TURNOVER',
      'APPLY',
      'SIGN_IN',
      'RAFFLE',
      'REFERRAL',
    ] as const) {
      for (const period of ['NONE', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const) {
        for (const line of ruleLines({ ...base, kind, period, minVipLevel: 1 }, money)) {
          expect(typeof text(line.key), `${kind} ${period} ${line.key}`).toBe('string');
        }
      }
    }
    for (const state of PROMOTION_STATES) expect(typeof text(`state.${state}`)).toBe('string');
  });
});

describe('helpers', () => {
  it('gives every state a badge tone', () => {
    expect(Object.keys(STATE_TONE).sort()).toEqual([...PROMOTION_STATES].sort());
  });

  it('bounds progress to 0..100, rounding down', () => {
    expect(progressPercent({ current: 4900, target: 5000 })).toBe(98);
    expect(progressPercent({ current: 7000, target: 5000 })).toBe(100);
    expect(progressPercent({ current: 0, target: 5000 })).toBe(0);
    expect(progressPercent({ current: 1, target: 0 })).toBe(100);
  });

  it('links to the detail page by id', () => {
    expect(promoDetailLink('12')).toBe('/promoDetail?id=12');
  });
});
