import { CASHIER_LIMITS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { dayWindow } from './day-window';
import { dayOf, dayText, parseDay, periodAt } from './periods';
import { DAY_MS } from './zoned-time';

const manila = { timezone: 'Asia/Manila' };
// 2026-11-25 20:00 UTC is already 2026-11-26 in Manila.
const NOW = new Date('2026-11-25T20:00:00Z');

const refused = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof AppError && err.code === 'record.range.invalid';
  }
  return false;
};

describe('parseDay', () => {
  it('reads real calendar days', () => {
    expect(parseDay('2026-11-25')).toBe(Date.UTC(2026, 10, 25) / DAY_MS);
    expect(dayText(parseDay('2028-02-29'))).toBe('2028-02-29');
  });

  it('is NaN for anything else', () => {
    for (const text of [
      '2026-02-30',
      '2027-02-29',
      '2026-13-01',
      '2026-1-05',
      '26-11-25',
      '2026-11-25T00:00',
      '',
    ])
      expect(parseDay(text)).toBeNaN();
  });
});

describe('dayOf', () => {
  it('is the day of a D period', () => {
    expect(dayOf(periodAt('D', NOW.getTime(), manila.timezone))).toBe('2026-11-26');
  });
});

describe('dayWindow', () => {
  it('covers whole local days, both ends included', () => {
    expect(dayWindow(manila, '2026-11-20', '2026-11-26', NOW)).toEqual({
      start: '2026-11-20',
      endExclusive: '2026-11-27',
      timezone: 'Asia/Manila',
    });
  });

  it("counts back from the brand's today, not the server's", () => {
    const back = CASHIER_LIMITS.recordsMaxDaysBack;
    const manilaToday = parseDay('2026-11-26');
    const oldest = dayText(manilaToday - back);
    expect(dayWindow(manila, oldest, oldest, NOW).start).toBe(oldest);
    expect(refused(() => dayWindow(manila, dayText(manilaToday - back - 1), oldest, NOW))).toBe(true);
    // In UTC it is still the 25th: the day Manila refuses is still within reach there.
    const utc = dayText(manilaToday - back - 1);
    expect(dayWindow({ timezone: 'UTC' }, utc, utc, NOW).start).toBe(utc);
  });

  it('refuses unreal days, a start after the end and a span too long', () => {
    expect(refused(() => dayWindow(manila, '2026-11-31', '2026-11-31', NOW))).toBe(true);
    expect(refused(() => dayWindow(manila, '2026-11-26', '2026-11-25', NOW))).toBe(true);
    const span = CASHIER_LIMITS.recordsMaxSpanDays;
    const end = parseDay('2026-11-26');
    expect(dayWindow(manila, dayText(end - span + 1), '2026-11-26', NOW).start).toBe(dayText(end - span + 1));
    expect(refused(() => dayWindow(manila, dayText(end - span), '2026-11-26', NOW))).toBe(true);
  });

  it("takes UTC days when Intl does not know the brand's zone", () => {
    expect(dayWindow({ timezone: 'Mars/Olympus' }, '2026-11-25', '2026-11-25', NOW)).toEqual({
      start: '2026-11-25',
      endExclusive: '2026-11-26',
      timezone: 'UTC',
    });
  });
});
