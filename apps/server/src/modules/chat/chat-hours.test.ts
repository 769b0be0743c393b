import { describe, expect, it } from 'vitest';
import { isOpenAt, minutesOf } from './chat-hours';

/** 2026-03-02 is a Monday (day 1). Manila is UTC+8 all year. */
const manila = (local: string) => Date.parse(`${local}+08:00`);
const ZONE = 'Asia/Manila';

describe('chat opening hours', () => {
  it('reads hh:mm as minutes past midnight', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('23:59')).toBe(1439);
  });

  it('is always open when told so, whatever the windows say', () => {
    expect(isOpenAt({ alwaysOpen: true, hours: [] }, manila('2026-03-02T03:00:00'), ZONE)).toBe(true);
  });

  it('is closed on a day without a window', () => {
    const hours = [{ day: 2, open: '09:00', close: '18:00' }];
    expect(isOpenAt({ alwaysOpen: false, hours }, manila('2026-03-02T10:00:00'), ZONE)).toBe(false);
    expect(isOpenAt({ alwaysOpen: false, hours: [] }, manila('2026-03-02T10:00:00'), ZONE)).toBe(false);
  });

  it('opens at the window’s opening minute and closes at its closing minute, on the brand’s clock', () => {
    const hours = [{ day: 1, open: '09:00', close: '18:00' }];
    const at = (t: string) => isOpenAt({ alwaysOpen: false, hours }, manila(`2026-03-02T${t}`), ZONE);
    expect(at('08:59:59')).toBe(false);
    expect(at('09:00:00')).toBe(true);
    expect(at('17:59:59')).toBe(true);
    expect(at('18:00:00')).toBe(false);
    // 10:00 in Manila is 02:00 UTC: the brand's zone decides, not the server's.
    expect(isOpenAt({ alwaysOpen: false, hours }, Date.parse('2026-03-02T02:00:00Z'), ZONE)).toBe(true);
    expect(isOpenAt({ alwaysOpen: false, hours }, Date.parse('2026-03-02T02:00:00Z'), 'UTC')).toBe(false);
  });

  it('runs a window whose close is before its open past midnight into the next day', () => {
    const hours = [{ day: 1, open: '20:00', close: '02:00' }];
    const at = (local: string) => isOpenAt({ alwaysOpen: false, hours }, manila(local), ZONE);
    expect(at('2026-03-02T19:59:00')).toBe(false);
    expect(at('2026-03-02T23:30:00')).toBe(true);
    // Tuesday small hours belong to Monday's window.
    expect(at('2026-03-03T01:59:00')).toBe(true);
    expect(at('2026-03-03T02:00:00')).toBe(false);
    // Sunday night's small hours are not Monday's: Sunday has no window.
    expect(at('2026-03-02T01:00:00')).toBe(false);
  });

  it('takes a close equal to the open as a whole day from the opening time', () => {
    const allDay = [{ day: 1, open: '00:00', close: '00:00' }];
    const at = (local: string) => isOpenAt({ alwaysOpen: false, hours: allDay }, manila(local), ZONE);
    expect(at('2026-03-02T00:00:00')).toBe(true);
    expect(at('2026-03-02T23:59:00')).toBe(true);
    expect(at('2026-03-03T00:00:00')).toBe(false);
    const fromNoon = [{ day: 1, open: '12:00', close: '12:00' }];
    expect(isOpenAt({ alwaysOpen: false, hours: fromNoon }, manila('2026-03-03T11:00:00'), ZONE)).toBe(true);
    expect(isOpenAt({ alwaysOpen: false, hours: fromNoon }, manila('2026-03-03T12:00:00'), ZONE)).toBe(false);
  });

  it('wraps Saturday night into Sunday morning', () => {
    const hours = [{ day: 6, open: '22:00', close: '03:00' }];
    // 2026-03-08 is a Sunday.
    expect(isOpenAt({ alwaysOpen: false, hours }, manila('2026-03-08T02:00:00'), ZONE)).toBe(true);
  });

  it('reads an unknown zone as UTC rather than closing', () => {
    const hours = [{ day: 1, open: '00:00', close: '00:00' }];
    expect(isOpenAt({ alwaysOpen: false, hours }, Date.parse('2026-03-02T12:00:00Z'), 'Nowhere/Zone')).toBe(
      true,
    );
  });
});
