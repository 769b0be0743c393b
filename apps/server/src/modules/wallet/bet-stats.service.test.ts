import { describe, expect, it } from 'vitest';
import { netValidTurnover, type RoundLeg } from './bet-stats.service';

const leg = (id: string, group: string, side: RoundLeg['side'], valid: bigint): RoundLeg => ({
  id,
  group,
  side,
  valid,
});
const net = (legs: RoundLeg[]) => Object.fromEntries(netValidTurnover(legs));

describe('netValidTurnover (valid turnover is net exposure)', () => {
  it('opposite sides of one round cover each other: equal stakes count nothing', () => {
    expect(net([leg('1', 'm1:r1', 'A', 100n), leg('2', 'm1:r1', 'B', 100n)])).toEqual({ 1: 0n, 2: 0n });
  });

  it('counts only what one side exceeds the other by, on the larger side', () => {
    expect(net([leg('1', 'm1:r1', 'A', 300n), leg('2', 'm1:r1', 'B', 100n)])).toEqual({ 1: 200n, 2: 0n });
    // Several bets on a side give up the covered amount in the order given.
    expect(
      net([
        leg('1', 'g', 'B', 50n),
        leg('2', 'g', 'A', 120n),
        leg('3', 'g', 'B', 100n),
        leg('4', 'g', 'A', 10n),
      ]),
    ).toEqual({ 1: 0n, 2: 0n, 3: 20n, 4: 0n });
  });

  it('leaves other rounds, other members and bets without an opposite side as they are', () => {
    expect(
      net([
        leg('1', 'm1:r1', 'A', 100n),
        leg('2', 'm1:r2', 'B', 100n),
        leg('3', 'm2:r1', 'B', 100n),
        leg('4', 'm1:r1', null, 30n),
      ]),
    ).toEqual({ 1: 100n, 2: 100n, 3: 100n, 4: 30n });
  });

  it('a push (0) covers nothing; a negative amount is refused', () => {
    expect(net([leg('1', 'g', 'A', 0n), leg('2', 'g', 'B', 100n)])).toEqual({ 1: 0n, 2: 100n });
    expect(() => netValidTurnover([leg('1', 'g', 'A', -1n)])).toThrow(RangeError);
  });

  it('a market of n outcomes is covered only when every outcome is backed: n x the smallest total', () => {
    const three = (id: string, side: string, valid: bigint): RoundLeg => ({
      ...leg(id, 'g', side, valid),
      sides: 3,
    });
    expect(net([three('1', 'HOME', 100n), three('2', 'DRAW', 100n), three('3', 'AWAY', 100n)])).toEqual({
      1: 0n,
      2: 0n,
      3: 0n,
    });
    expect(net([three('1', 'HOME', 100n), three('2', 'AWAY', 100n)])).toEqual({ 1: 100n, 2: 100n });
    expect(net([three('1', 'HOME', 300n), three('2', 'DRAW', 100n), three('3', 'AWAY', 150n)])).toEqual({
      1: 200n,
      2: 0n,
      3: 50n,
    });
    expect(() => netValidTurnover([three('1', 'HOME', 1n), leg('2', 'g', 'AWAY', 1n)])).toThrow(RangeError);
  });
});
