import { describe, expect, it } from 'vitest';
import { afterBet, betIndex, betPerLine, canStep, covers, linePay, stepBet, totalBetPay } from './bets';

const OPTIONS = [0.2, 0.4, 1, 2, 5, 10, 20, 50, 100];

describe('bet stepping', () => {
  it('moves one option up or down', () => {
    expect(stepBet(OPTIONS, 1, 1)).toBe(2);
    expect(stepBet(OPTIONS, 1, -1)).toBe(0.4);
  });

  it('stays on the first and last option', () => {
    expect(stepBet(OPTIONS, 0.2, -1)).toBe(0.2);
    expect(stepBet(OPTIONS, 100, 1)).toBe(100);
    expect(canStep(OPTIONS, 0.2, -1)).toBe(false);
    expect(canStep(OPTIONS, 0.2, 1)).toBe(true);
    expect(canStep(OPTIONS, 100, 1)).toBe(false);
    expect(canStep(OPTIONS, 100, -1)).toBe(true);
  });

  it('places a bet that is not offered on the option below it', () => {
    expect(betIndex(OPTIONS, 3)).toBe(3);
    expect(stepBet(OPTIONS, 3, 1)).toBe(5);
    expect(stepBet(OPTIONS, 3, -1)).toBe(1);
    expect(betIndex(OPTIONS, 0.01)).toBe(0);
    expect(betIndex(OPTIONS, 1000)).toBe(OPTIONS.length - 1);
  });

  it('copes with no options', () => {
    expect(stepBet([], 1, 1)).toBe(1);
    expect(canStep([], 1, 1)).toBe(false);
    expect(canStep([], 1, -1)).toBe(false);
  });
});

describe('bet amounts', () => {
  it('splits the bet over the lines without float error', () => {
    expect(betPerLine(0.2, 20)).toBe(0.01);
    expect(betPerLine(1, 20)).toBe(0.05);
    expect(betPerLine(0.6, 20)).toBe(0.03);
    expect(betPerLine(1, 0)).toBe(0);
  });

  it('prices line and scatter pays', () => {
    expect(linePay(1, 20, 100)).toBe(5);
    expect(linePay(0.3, 20, 5)).toBe(0.07);
    expect(totalBetPay(0.2, 3)).toBe(0.6);
    expect(totalBetPay(0.1, 3)).toBe(0.3);
  });

  it('compares and subtracts in minor units', () => {
    expect(covers(0.3, 0.3)).toBe(true);
    expect(covers(0.29, 0.3)).toBe(false);
    expect(afterBet(0.3, 0.1)).toBe(0.2);
    expect(afterBet(1000.07, 0.4)).toBe(999.67);
  });
});
