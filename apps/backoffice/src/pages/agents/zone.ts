/**
 * datetime-local values read and written in a given IANA time zone (the brand's), not the
 * browser's: an operator abroad schedules a move at the brand's wall-clock time.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of an instant in `timeZone` as UTC milliseconds (for offset arithmetic). */
function wallClockMs(ms: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** An instant as a datetime-local value (YYYY-MM-DDTHH:mm) in `timeZone`. */
export function toZoneInput(d: Date, timeZone: string | undefined): string {
  const w = new Date(wallClockMs(d.getTime(), timeZone));
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/** The instant a datetime-local value names in `timeZone`; null when the value is no date-time. */
export function fromZoneInput(value: string, timeZone: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall)) return null;
  // The zone's offset at the guess, then again at the corrected instant (a DST change between).
  let at = wall - (wallClockMs(wall, timeZone) - wall);
  at = wall - (wallClockMs(at, timeZone) - at);
  return new Date(at);
}
