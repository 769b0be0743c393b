import type { LotteryPick } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { allNumbers, checkNumbers, linesOf, padNumber, parseTyped } from './numbers';

const LO2: LotteryPick = { count: 1, digits: 2, min: 0, max: 99, distinct: false };
const DE3: LotteryPick = { count: 1, digits: 3, min: 0, max: 999, distinct: false };
const XIEN3: LotteryPick = { count: 3, digits: 2, min: 0, max: 99, distinct: true };
const MEGA: LotteryPick = { count: 1, digits: 2, min: 1, max: 45, distinct: false };
const SUM: LotteryPick = { count: 1, digits: 1, min: 0, max: 27, distinct: false };
const BIG: LotteryPick = { count: 0, digits: 0, min: 0, max: 0, distinct: false };

describe('lottery numbers', () => {
  it('pads numbers to the bet type’s digits', () => {
    expect(padNumber(LO2, 7)).toBe('07');
    expect(padNumber(DE3, 42)).toBe('042');
    expect(allNumbers(LO2)).toHaveLength(100);
    expect(allNumbers(MEGA)[0]).toBe('01');
    expect(allNumbers(MEGA).at(-1)).toBe('45');
    expect(allNumbers(SUM).slice(9, 11)).toEqual(['9', '10']);
  });

  it('checks count, digits, range and distinctness', () => {
    expect(checkNumbers(LO2, ['07'])).toBeNull();
    expect(checkNumbers(LO2, ['7'])).toBe('format');
    expect(checkNumbers(LO2, ['7a'])).toBe('format');
    expect(checkNumbers(LO2, [])).toBe('count');
    expect(checkNumbers(DE3, ['123'])).toBeNull();
    expect(checkNumbers(MEGA, ['00'])).toBe('range');
    expect(checkNumbers(MEGA, ['46'])).toBe('range');
    expect(checkNumbers(XIEN3, ['01', '02', '03'])).toBeNull();
    expect(checkNumbers(XIEN3, ['01', '02', '02'])).toBe('distinct');
    expect(checkNumbers(XIEN3, ['01', '02'])).toBe('count');
    expect(checkNumbers(BIG, [])).toBeNull();
    expect(checkNumbers(BIG, ['1'])).toBe('count');
  });

  it('reads typed numbers, padding short ones and setting aside the rest', () => {
    expect(parseTyped(LO2, '12 34,5; 123 ab 34')).toEqual({
      numbers: ['12', '34', '05'],
      rejected: ['123', 'ab'],
    });
    expect(parseTyped(MEGA, '0 1 45 46')).toEqual({ numbers: ['01', '45'], rejected: ['0', '46'] });
    expect(parseTyped(DE3, '  ')).toEqual({ numbers: [], rejected: [] });
  });

  it('makes one line per number, or one line of the whole xien', () => {
    expect(linesOf(LO2, ['01', '02'])).toEqual([['01'], ['02']]);
    expect(linesOf(XIEN3, ['09', '01', '05'])).toEqual([['01', '05', '09']]);
    expect(linesOf(XIEN3, ['09', '01'])).toEqual([]);
    expect(linesOf(BIG, [])).toEqual([[]]);
  });
});
