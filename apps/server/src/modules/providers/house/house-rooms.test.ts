import { describe, expect, it } from 'vitest';
import { withinHours } from './house-rooms.service';

const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('withinHours', () => {
  it('opens at the opening minute and closes at the closing minute', () => {
    const day = { from: '10:00', until: '18:30' };
    expect(withinHours(day, m('09:59'))).toBe(false);
    expect(withinHours(day, m('10:00'))).toBe(true);
    expect(withinHours(day, m('18:29'))).toBe(true);
    expect(withinHours(day, m('18:30'))).toBe(false);
  });

  it('runs past midnight when the closing time comes before the opening time', () => {
    const night = { from: '20:00', until: '02:00' };
    expect(withinHours(night, m('19:59'))).toBe(false);
    expect(withinHours(night, m('20:00'))).toBe(true);
    expect(withinHours(night, m('23:59'))).toBe(true);
    expect(withinHours(night, m('00:00'))).toBe(true);
    expect(withinHours(night, m('01:59'))).toBe(true);
    expect(withinHours(night, m('02:00'))).toBe(false);
    expect(withinHours(night, m('12:00'))).toBe(false);
  });
});
