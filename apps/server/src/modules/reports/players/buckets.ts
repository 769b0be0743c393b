import type { ReportBucket } from '@app/contracts';
import { sql, type RawBuilder } from 'kysely';
import { parseDay } from '../../../platform/periods';
import { DAY_MS } from '../../../platform/zoned-time';

/**
 * Buckets of brand-local days: a day, a week (Monday to Sunday) or a calendar month, each named by
 * its first day (yyyy-mm-dd). The players and rewards reports group by them.
 */

const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The first day of the bucket holding `day` (yyyy-mm-dd). */
export function bucketOf(day: string, by: ReportBucket): string {
  if (by === 'month') return `${day.slice(0, 7)}-01`;
  if (by === 'day') return day;
  const n = parseDay(day);
  // 1970-01-01 was a Thursday: Monday is 3 days before it.
  return dayOf(n - ((n + 3) % 7));
}

/** The bucket after `bucket` (a bucket's name). */
export function nextBucket(bucket: string, by: ReportBucket): string {
  if (by === 'day') return dayOf(parseDay(bucket) + 1);
  if (by === 'week') return dayOf(parseDay(bucket) + 7);
  const y = Number(bucket.slice(0, 4));
  const m = Number(bucket.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Every bucket from the one holding `from` to the one holding `to`, in order. */
export function bucketsBetween(from: string, to: string, by: ReportBucket): string[] {
  const out: string[] = [];
  const last = bucketOf(to, by);
  for (let b = bucketOf(from, by); b <= last; b = nextBucket(b, by)) out.push(b);
  return out;
}

/** How many buckets `later` is after `first` (both bucket names). */
export function bucketDistance(first: string, later: string, by: ReportBucket): number {
  if (by === 'month')
    return (
      (Number(later.slice(0, 4)) - Number(first.slice(0, 4))) * 12 +
      Number(later.slice(5, 7)) -
      Number(first.slice(5, 7))
    );
  const days = parseDay(later) - parseDay(first);
  return by === 'week' ? days / 7 : days;
}

/** SQL: the bucket name (text) of a date expression. */
export function bucketSql(day: RawBuilder<unknown>, by: ReportBucket): RawBuilder<string> {
  if (by === 'day') return sql<string>`(${day})::text`;
  // A literal, not a parameter: the same expression in SELECT and GROUP BY must be one text.
  const unit = sql.raw(by === 'week' ? `'week'` : `'month'`);
  return sql<string>`date_trunc(${unit}, (${day})::timestamp)::date::text`;
}
