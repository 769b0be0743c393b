import { describe, expect, it } from 'vitest';
import { combinedOdds, potentialReturn, toCents, toggleSelection, type SlipItem } from './slip';

const item = (fixtureId: string, pick: SlipItem['pick'], odds = 2): SlipItem => ({
  fixtureId,
  market: 'MATCH_RESULT',
  pick,
  odds,
  matchLabel: fixtureId,
  pickLabel: pick,
});

describe('bet slip', () => {
  it('adds, removes on a second tap, and keeps one selection per match', () => {
    let slip = toggleSelection([], item('A', 'HOME'));
    slip = toggleSelection(slip, item('B', 'DRAW'));
    expect(slip.map((s) => s.pick)).toEqual(['HOME', 'DRAW']);
    slip = toggleSelection(slip, item('A', 'AWAY'));
    expect(slip.map((s) => `${s.fixtureId}${s.pick}`)).toEqual(['AAWAY', 'BDRAW']);
    slip = toggleSelection(slip, item('B', 'DRAW'));
    expect(slip.map((s) => s.fixtureId)).toEqual(['A']);
  });

  it('computes returns in cents, rounded down like the server', () => {
    expect(potentialReturn(10, [1.95])).toBe(19.5);
    expect(potentialReturn(3.33, [1.95, 2.1])).toBe(13.63); // 3.33 × 4.095 = 13.636...
    expect(potentialReturn(0.01, [1.5])).toBe(0.01);
    expect(combinedOdds([1.95, 2.1])).toBe(4.09);
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('1.005')).toBeNull();
    expect(toCents('abc')).toBeNull();
  });
});
