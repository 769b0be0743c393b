import type { ChatSettings } from '@app/contracts';
import { DAY_MS, validZone, wallClockMs } from '../../platform/zoned-time';

/** "09:30" → 570; the contract's pattern has already checked the shape. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * Whether the chat answers at `instant` by the brand's opening hours, read on the brand's wall
 * clock. One window per weekday (0 = Sunday); a day without one is closed. A window whose close is
 * before its open runs past midnight into the next day; one whose close equals its open lasts a
 * whole day from its opening time (so 00:00-00:00 is the whole day).
 */
export function isOpenAt(
  settings: Pick<ChatSettings, 'alwaysOpen' | 'hours'>,
  instant: number,
  timeZone: string,
): boolean {
  if (settings.alwaysOpen) return true;
  // A bad zone in the brand's settings must not close its chat for good: UTC instead.
  const wall = wallClockMs(Math.floor(instant / 1000) * 1000, validZone(timeZone));
  const day = new Date(wall).getUTCDay();
  const minute = Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  const windowOf = (d: number) => settings.hours.find((w) => w.day === d);

  const today = windowOf(day);
  if (today) {
    const open = minutesOf(today.open);
    const close = minutesOf(today.close);
    if (close > open ? minute >= open && minute < close : minute >= open) return true;
  }
  // Yesterday's window may still run: one past midnight, or a whole day from its opening time.
  const yesterday = windowOf((day + 6) % 7);
  if (yesterday) {
    const open = minutesOf(yesterday.open);
    const close = minutesOf(yesterday.close);
    if (close <= open && minute < close) return true;
  }
  return false;
}
