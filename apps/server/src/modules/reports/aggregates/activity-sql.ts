import { sql, type RawBuilder } from 'kysely';

/**
 * SQL: a member's betting days (report_member_activity's `first_day` and `days`, bit i being
 * first_day + i) hold a day of [start, end]: the bits of those days, cut to the member's span,
 * hold a 1. False when the span misses the period (and for a member with no row: null bits).
 */
export function betIn(
  first: RawBuilder<unknown>,
  days: RawBuilder<unknown>,
  start: RawBuilder<unknown>,
  end: RawBuilder<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`
    CASE WHEN ${days} IS NULL OR ${end} < ${first} OR ${start} >= ${first} + length(${days}) THEN false
         ELSE bit_count(substring(${days} FROM greatest(${start}, ${first}) - ${first} + 1
                                  FOR least(${end}, ${first} + length(${days}) - 1)
                                      - greatest(${start}, ${first}) + 1)) > 0 END`;
}

/** SQL: the last day of a period of report_active_period (its kind, its first day). */
export function periodEnd(kind: RawBuilder<unknown>, period: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`
    CASE ${kind} WHEN 'day' THEN ${period}
                 WHEN 'week' THEN ${period} + 6
                 ELSE (${period} + interval '1 month')::date - 1 END`;
}
