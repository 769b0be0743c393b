import { CASHIER_LIMITS } from '@app/contracts';
import { sql, type RawBuilder } from 'kysely';
import { AppError } from './app-error';
import { dayText, parseDay } from './periods';
import { localDay, validZone } from './zoned-time';

/**
 * Calendar days in a brand's zone, both ends included, as the member and agent centres query
 * them: [start 00:00, endExclusive 00:00) local time. The database computes the boundaries in
 * the zone (windowStart, windowEnd), so a day is a local day whatever the server's clock says.
 */
export interface DayWindow {
  /** yyyy-mm-dd, the first day. */
  start: string;
  /** yyyy-mm-dd, the day after the last. */
  endExclusive: string;
  /** The brand's zone, or UTC when Intl does not know it. */
  timezone: string;
}

/**
 * The window a record query covers, under the limits the site applies: real days, start not
 * after end, at most recordsMaxSpanDays days (both ends counted), starting at most
 * recordsMaxDaysBack days before the brand's today. Anything else is record.range.invalid.
 */
export function dayWindow(
  brand: { timezone: string },
  startTime: string,
  endTime: string,
  now = new Date(),
): DayWindow {
  // A bad zone in the brand's settings must not stop its records: UTC days instead.
  const timezone = validZone(brand.timezone);
  const start = parseDay(startTime);
  const end = parseDay(endTime);
  const today = localDay(now.getTime(), timezone);
  if (
    Number.isNaN(start) ||
    Number.isNaN(end) ||
    start > end ||
    end - start + 1 > CASHIER_LIMITS.recordsMaxSpanDays ||
    today - start > CASHIER_LIMITS.recordsMaxDaysBack
  )
    throw new AppError('record.range.invalid');
  return { start: startTime, endExclusive: dayText(end + 1), timezone };
}

/** The instant the window starts: local midnight of its first day. */
export const windowStart = (w: DayWindow): RawBuilder<Date> =>
  sql<Date>`(${w.start}::date)::timestamp AT TIME ZONE ${w.timezone}::text`;

/** The instant the window ends: local midnight after its last day. */
export const windowEnd = (w: DayWindow): RawBuilder<Date> =>
  sql<Date>`(${w.endExclusive}::date)::timestamp AT TIME ZONE ${w.timezone}::text`;

/** `column` falls within the window. */
export function withinWindow(column: string, w: DayWindow): RawBuilder<boolean> {
  const ref = sql.ref(column);
  return sql<boolean>`(${ref} >= ${windowStart(w)} AND ${ref} < ${windowEnd(w)})`;
}
