export type PeriodKind = 'today' | '7' | '30' | '90' | 'custom';

/** Today's date (YYYY-MM-DD) in a time zone (the brand's, else the browser's). */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A calendar day moved by n days (calendar arithmetic in UTC, so no DST step can skip a day). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Days from..to inclusive. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** The period a preset stands for, ending today. */
export function presetRange(
  kind: Exclude<PeriodKind, 'custom'>,
  today: string,
): { from: string; to: string } {
  const days = kind === 'today' ? 1 : Number(kind);
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The server takes at most 366 days, from no later than to. */
export const MAX_DAYS = 366;
export function rangeProblem(from: string, to: string): 'order' | 'tooLong' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) return 'order';
  return daysBetween(from, to) > MAX_DAYS ? 'tooLong' : null;
}

/** The change from the previous period in percent; null when there is nothing to compare with. */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return ((current - previous) / Math.abs(previous)) * 100;
}
