import type { LotteryBetTypeInfo } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { groupOf, lineOdds, pickerGroups, SIDES } from './picker-groups';

const info = (
  betType: LotteryBetTypeInfo['betType'],
  count: number,
  oddsBySum: number[] | null = null,
): LotteryBetTypeInfo => ({
  betType,
  pick: { count, digits: count ? 2 : 0, min: 0, max: 99, distinct: false },
  odds: 2,
  oddsBySum,
  multiHit: false,
  rtp: 95,
  minStake: 1,
  maxStake: 100,
  rulesKey: `lottery.rules.${betType}`,
});

describe('betting page tabs', () => {
  it('puts the bets without numbers in one tab', () => {
    const groups = pickerGroups([
      info('BIG', 0),
      info('SMALL', 0),
      info('ODD', 0),
      info('EVEN', 0),
      info('SUM', 1),
      info('NUMBER', 1),
    ]);
    expect(groups.map((g) => g.key)).toEqual([SIDES, 'SUM', 'NUMBER']);
    expect(groups[0]!.types.map((t) => t.betType)).toEqual(['BIG', 'SMALL', 'ODD', 'EVEN']);
    expect(groupOf(groups, 'odd')).toBe(SIDES);
    expect(groupOf(groups, 'NUMBER')).toBe('NUMBER');
    expect(groupOf(groups, 'LO2')).toBeNull();
    expect(groupOf(groups, null)).toBeNull();
  });

  it('reads a sum bet’s odds from its sum', () => {
    const sum = info('SUM', 1, [900, 300, 150]);
    expect(lineOdds(sum, ['01'])).toBe(300);
    expect(lineOdds(sum, ['27'])).toBe(2);
    expect(lineOdds(info('LO2', 1), ['01'])).toBe(2);
  });
});
