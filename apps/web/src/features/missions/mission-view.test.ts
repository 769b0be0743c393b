import type { Mission } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { claimableCount, isMoney, missionsOf, progressPercent } from './mission-view';

const mission = (over: Partial<Mission>): Mission => ({
  id: '1',
  period: 'DAILY',
  metric: 'TURNOVER',
  gameType: null,
  title: 'Bet',
  description: '',
  progress: 0,
  target: 100,
  reward: 5,
  turnoverRequired: 5,
  state: 'IN_PROGRESS',
  endTime: '2026-11-26T16:00:00.000Z',
  claimedTime: null,
  ...over,
});

describe('mission view', () => {
  it('progress is a whole percent below 100 until the target is reached', () => {
    expect(progressPercent(mission({ progress: 0 }))).toBe(0);
    expect(progressPercent(mission({ progress: 60.5 }))).toBe(60);
    // 99.99 of 100 is not done: the bar must not look full.
    expect(progressPercent(mission({ progress: 99.99 }))).toBe(99);
    expect(progressPercent(mission({ progress: 150, state: 'CLAIMABLE' }))).toBe(100);
    expect(progressPercent(mission({ progress: 0, state: 'CLAIMED' }))).toBe(100);
    expect(progressPercent(mission({ metric: 'WINS', progress: 2, target: 3 }))).toBe(66);
  });

  it('money metrics are turnover and deposits', () => {
    expect(isMoney(mission({ metric: 'TURNOVER' }))).toBe(true);
    expect(isMoney(mission({ metric: 'DEPOSIT' }))).toBe(true);
    expect(isMoney(mission({ metric: 'WINS' }))).toBe(false);
    expect(isMoney(mission({ metric: 'LOGIN' }))).toBe(false);
  });

  it('splits missions by period and counts the claimable ones', () => {
    const list = [
      mission({ id: '1', state: 'CLAIMABLE' }),
      mission({ id: '2', period: 'WEEKLY', state: 'CLAIMABLE' }),
      mission({ id: '3', state: 'CLAIMED' }),
      mission({ id: '4' }),
    ];
    expect(missionsOf(list, 'DAILY').map((m) => m.id)).toEqual(['1', '3', '4']);
    expect(missionsOf(list, 'WEEKLY').map((m) => m.id)).toEqual(['2']);
    expect(claimableCount(list, 'DAILY')).toBe(1);
    expect(claimableCount(list, 'WEEKLY')).toBe(1);
  });
});
