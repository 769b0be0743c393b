import { DAY_MS, localDay, zonedInstant } from './zoned-time';

/**
 * Calendar periods in a brand's time zone: days, Monday-to-Sunday weeks, hours, half months and
 * months. Agent contracts settle by them; promotions, missions, rebates and points count
 * by them. Pure: instants in, periods out.
 */

/** D day, W week (Monday to Sunday), H hour, SM half month (1st-15th, 16th-end), M month. */
export type PeriodKind = 'D' | 'W' | 'H' | 'SM' | 'M';

const HOUR_MS = 3_600_000;

/** The instant local midnight of `day` starts in `tz`. */
export const dayStart = (day: number, tz: string): number => zonedInstant(day, 0, tz);

/** A day number (days since 1970-01-01) as yyyy-mm-dd. */
export const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-mm-dd text as a day number, or NaN when it is not a real calendar day (2026-02-30). */
export function parseDay(text: string): number {
  const m = DAY_PATTERN.exec(text);
  if (!m) return Number.NaN;
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
  return dayText(day) === text ? day : Number.NaN;
}
export const pad = (n: number) => String(n).padStart(2, '0');

export interface Period {
  /** Unique per kind: D:2026-11-25, W:2026-11-23 (its Monday), H:2026-11-25T13, SM:2026-11-1, M:2026-11, RT:2026-11-25@13:35. */
  key: string;
  /** The day a real-time accrual belongs to (D:...), else null. */
  dayKey: string | null;
  start: Date;
  end: Date;
}

/** The period of kind `period` that holds `instant`. */
export function periodAt(period: PeriodKind, instant: number, tz: string): Period {
  const day = localDay(instant, tz);
  const date = new Date(day * DAY_MS);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  const dayOf = (yy: number, mm: number, dd: number) => Date.UTC(yy, mm, dd) / DAY_MS;
  switch (period) {
    case 'D':
      return {
        key: `D:${dayText(day)}`,
        dayKey: null,
        start: new Date(dayStart(day, tz)),
        end: new Date(dayStart(day + 1, tz)),
      };
    case 'W': {
      // Monday to Sunday: day 0 (1970-01-01) was a Thursday, so Monday is (day - 4) mod 7 back.
      const monday = day - ((((day - 4) % 7) + 7) % 7);
      return {
        key: `W:${dayText(monday)}`,
        dayKey: null,
        start: new Date(dayStart(monday, tz)),
        end: new Date(dayStart(monday + 7, tz)),
      };
    }
    case 'H': {
      const start0 = dayStart(day, tz);
      const hour = Math.floor((instant - start0) / HOUR_MS);
      return {
        key: `H:${dayText(day)}T${pad(hour)}`,
        dayKey: null,
        start: new Date(start0 + hour * HOUR_MS),
        end: new Date(start0 + (hour + 1) * HOUR_MS),
      };
    }
    case 'SM': {
      const first = d <= 15;
      const from = first ? dayOf(y, m, 1) : dayOf(y, m, 16);
      const to = first ? dayOf(y, m, 16) : dayOf(y, m + 1, 1);
      return {
        key: `SM:${y}-${pad(m + 1)}-${first ? 1 : 2}`,
        dayKey: null,
        start: new Date(dayStart(from, tz)),
        end: new Date(dayStart(to, tz)),
      };
    }
    case 'M':
      return {
        key: `M:${y}-${pad(m + 1)}`,
        dayKey: null,
        start: new Date(dayStart(dayOf(y, m, 1), tz)),
        end: new Date(dayStart(dayOf(y, m + 1, 1), tz)),
      };
  }
}

/** The last period of kind `period` that ended at or before `now`. */
export const lastCompleted = (period: PeriodKind, now: number, tz: string): Period =>
  periodAt(period, periodAt(period, now, tz).start.getTime() - 1, tz);

/** yyyy-mm-dd of a day period (D:2026-11-25 → 2026-11-25). */
export const dayOf = (p: Period): string => p.key.slice(2);
