/**
 * Wall clocks of a brand's time zone, for everything scheduled or reported by local days: lottery
 * draws, sportsbook fixtures, agent settlement periods, record windows. Days are counted as UTC
 * midnights (day n is n x DAY_MS), so a local date is also a plain number.
 */
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for a zone Intl does not know.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws RangeError for a name Intl does not know. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

/** The zone itself when Intl knows it, else UTC (a brand's bad setting must not stop its site). */
export function validZone(timeZone: string): string {
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The wall clock of `timeZone` at `instant` (whole seconds), read as if it were a UTC time. */
export function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The local calendar day of `instant` in `timeZone`, as a day count (UTC midnight / DAY_MS). */
export function localDay(instant: number, timeZone: string): number {
  return Math.floor(wallClockMs(instant, timeZone) / DAY_MS);
}

/**
 * The instant the clocks of `timeZone` show `minutes` past midnight on local day `day`. The
 * offset is read at a first guess and again at the corrected instant, which settles it whenever
 * the offset changes near the guess (daylight saving). A wall time skipped by a spring change
 * resolves to an instant an hour off; nothing is scheduled in those small hours.
 */
export function zonedInstant(day: number, minutes: number, timeZone: string): number {
  const wall = day * DAY_MS + minutes * 60_000;
  const firstGuess = wall - (wallClockMs(wall, timeZone) - wall);
  return wall - (wallClockMs(firstGuess, timeZone) - firstGuess);
}
