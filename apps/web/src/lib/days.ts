/**
 * Calendar days (yyyy-MM-dd) in the brand's time zone, for record queries. The server reads
 * the same days in the same zone, so "today" means the brand's today wherever the member is.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Today in `timeZone` (an unknown zone falls back to UTC rather than failing). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    return todayIn('UTC', now);
  }
  const part = Object.fromEntries(fmt.formatToParts(now).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}`;
}

const toUtc = (day: string): number => {
  const m = DAY.exec(day);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
};

export const isDay = (day: string): boolean => !Number.isNaN(toUtc(day)) && addDays(day, 0) === day;

/** The day `n` days after `day` (before it when n < 0). Pure calendar arithmetic: no time zone. */
export function addDays(day: string, n: number): string {
  const d = new Date(toUtc(day) + n * MS_PER_DAY);
  if (Number.isNaN(d.getTime())) return '';
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to` (0 for the same day, negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((toUtc(to) - toUtc(from)) / MS_PER_DAY);

export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DayRange {
  startTime: string;
  endTime: string;
}

/** The days a preset covers, both ends included ("last 7 days" is today and the 6 before). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { startTime: today, endTime: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { startTime: y, endTime: y };
    }
    case 'last7':
      return { startTime: addDays(today, -6), endTime: today };
    case 'last30':
      return { startTime: addDays(today, -29), endTime: today };
  }
}

export type RangeProblem = 'format' | 'order' | 'future' | 'tooOld' | 'tooLong';

/**
 * What is wrong with a custom range, or null: both days valid, start not after end, nothing in
 * the future, start at most `maxDaysBack` days ago, at most `maxSpanDays` days long (both ends counted).
 */
export function checkRange(
  range: DayRange,
  today: string,
  limits: { maxDaysBack: number; maxSpanDays: number },
): RangeProblem | null {
  if (!isDay(range.startTime) || !isDay(range.endTime)) return 'format';
  if (daysBetween(range.startTime, range.endTime) < 0) return 'order';
  if (daysBetween(range.endTime, today) < 0) return 'future';
  if (daysBetween(range.startTime, today) > limits.maxDaysBack) return 'tooOld';
  if (daysBetween(range.startTime, range.endTime) + 1 > limits.maxSpanDays) return 'tooLong';
  return null;
}
