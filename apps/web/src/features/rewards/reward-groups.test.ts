import type { Claimable } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { groupBySource, rewardKey } from './reward-groups';

const reward = (source: Claimable['source'], id: string): Claimable => ({
  source,
  id,
  title: id,
  amount: 1,
  turnoverRequired: 0,
  expiresTime: null,
});

describe('reward groups', () => {
  it('groups by source in the fixed order, keeping each source’s own order, without empty groups', () => {
    const groups = groupBySource([
      reward('REFERRAL', 'r1'),
      reward('MISSION', 'm2'),
      reward('PROMOTION', 'p1'),
      reward('MISSION', 'm1'),
    ]);
    expect(groups.map((g) => [g.source, g.items.map((c) => c.id)])).toEqual([
      ['PROMOTION', ['p1']],
      ['MISSION', ['m2', 'm1']],
      ['REFERRAL', ['r1']],
    ]);
    expect(groupBySource([])).toEqual([]);
  });

  it('keys a reward by source and id (two sources may use the same id)', () => {
    expect(rewardKey(reward('MISSION', '1'))).not.toBe(rewardKey(reward('REBATE', '1')));
  });
});
