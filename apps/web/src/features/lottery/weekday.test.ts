import { lotteryWeekdayOf as weekdayOf } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { drawDays, drawsOn, weekdayDate } from './weekday';

describe('weekday filter (SPEC section 2: Sunday 1 ... Saturday 7)', () => {
  it('numbers JavaScript days from Sunday 1', () => {
    expect(weekdayOf(0)).toBe(1);
    expect(weekdayOf(1)).toBe(2);
    expect(weekdayOf(6)).toBe(7);
    expect(weekdayOf(new Date(2026, 10, 25).getDay())).toBe(4); // a Wednesday
  });

  it('reads drawDayOfWeek as comma-separated weekday numbers', () => {
    expect([...drawDays('1,3, 5')]).toEqual([1, 3, 5]);
    expect([...drawDays('0,8,x,,2')]).toEqual([2]);
    expect(drawDays(null).size).toBe(0);
  });

  it('keeps games drawing on the chosen day; no day keeps all', () => {
    expect(drawsOn('2,5', 2)).toBe(true);
    expect(drawsOn('2,5', 3)).toBe(false);
    expect(drawsOn('2,5', null)).toBe(true);
    // No days listed: the game draws every day.
    expect(drawsOn('', 4)).toBe(true);
    expect(drawsOn('1,2,3,4,5,6,7', 7)).toBe(true);
  });

  it('gives each weekday a date of that weekday', () => {
    expect(weekdayDate(1).getUTCDay()).toBe(0);
    expect(weekdayDate(7).getUTCDay()).toBe(6);
  });
});
