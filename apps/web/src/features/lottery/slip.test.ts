import { describe, expect, it } from 'vitest';
import { addLines, lineReturn, slipTotal, stakeProblem, type SlipLine } from './slip';

const line = (id: string, betType: string, numbers: string[], stake: string): SlipLine => ({
  id,
  betType,
  numbers,
  stake,
});

describe('lottery bet slip', () => {
  it('totals the stakes exactly, ignoring lines without an amount', () => {
    expect(slipTotal([])).toBe(0n);
    expect(
      slipTotal([line('a', 'LO2', ['01'], '0.1'), line('b', 'LO2', ['02'], '0.2'), line('c', 'BIG', [], '')]),
    ).toBe(30n);
    expect(slipTotal([line('a', 'DE2', ['01'], '1.005')])).toBe(0n);
    expect(slipTotal([line('a', 'DE2', ['01'], '1,000')])).toBe(0n);
    expect(slipTotal([line('a', 'DE2', ['01'], '12.5'), line('b', 'SUM', ['3'], '7')])).toBe(1950n);
  });

  it('checks each stake against its bet type’s limits', () => {
    const limits = { minStake: 1, maxStake: 500 };
    expect(stakeProblem('1', limits)).toBeNull();
    expect(stakeProblem('500.00', limits)).toBeNull();
    expect(stakeProblem('0.99', limits)).toBe('min');
    expect(stakeProblem('500.01', limits)).toBe('max');
    expect(stakeProblem('', limits)).toBe('stake');
    expect(stakeProblem('0', limits)).toBe('stake');
    expect(stakeProblem('-1', limits)).toBe('stake');
  });

  it('computes a line’s return rounded down to the cent', () => {
    expect(lineReturn('10', 95)).toBe(95_000n);
    expect(lineReturn('0.33', 1.97)).toBe(65n); // 0.6501 → 0.65
    expect(lineReturn('x', 2)).toBe(0n);
  });

  it('adds new picks only, up to the slip’s limit', () => {
    const slip = [line('a', 'LO2', ['01'], '1')];
    const r = addLines(
      slip,
      [
        line('b', 'LO2', ['01'], '1'),
        line('c', 'LO2', ['02'], '1'),
        line('d', 'DE2', ['01'], '1'),
        line('e', 'LO2', ['03'], '1'),
      ],
      3,
    );
    expect(r.slip.map((l) => l.id)).toEqual(['a', 'c', 'd']);
    expect(r.dropped).toBe(1);
  });
});
