import { LOTTERY_WEEKDAYS, type LotteryWeekday } from '@app/contracts';

/** The weekday filter's days (SPEC section 2): Sunday 1, Monday 2, ... Saturday 7. */
export const WEEKDAYS = LOTTERY_WEEKDAYS;
export type Weekday = LotteryWeekday;

/** The weekday numbers of a game's drawDayOfWeek ("1,3,5"); blanks and junk are left out. */
export function drawDays(drawDayOfWeek: string | null | undefined): Set<Weekday> {
  const days = new Set<Weekday>();
  for (const part of (drawDayOfWeek ?? '').split(',')) {
    const n = Number(part.trim());
    if (part.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 7) days.add(n as Weekday);
  }
  return days;
}

/**
 * Whether a game draws on the chosen day (null: every day shown). A game with no draw days listed
 * is taken to draw all week.
 */
export function drawsOn(drawDayOfWeek: string | null | undefined, day: Weekday | null): boolean {
  if (day === null) return true;
  const days = drawDays(drawDayOfWeek);
  return days.size === 0 || days.has(day);
}

/** A date falling on that weekday (the week of Sunday 2023-01-01), for its name in the page's language. */
export const weekdayDate = (day: Weekday) => new Date(Date.UTC(2023, 0, day, 12));
