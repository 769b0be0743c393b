/**
 * Display helpers of the winner board. Pure (no clock, no locale of their own) so they can be
 * tested; the component passes the current time and formats with Intl.RelativeTimeFormat.
 */

/** The server masks names (first 2 and last character); a name arriving unmasked is masked here. */
export function maskAccount(account: string): string {
  if (account.includes('*')) return account;
  if (account.length <= 3) return `${account.slice(0, 1)}**`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

interface RelativeTime {
  /** Zero or negative: how far in the past. */
  value: number;
  unit: 'second' | 'minute' | 'hour' | 'day';
}

/** Seconds under which a win counts as "now". */
const JUST_NOW_S = 10;

/** How long ago `iso` was, in the largest unit that fits (a time in the future counts as now). */
export function relativeTime(iso: string, nowMs: number): RelativeTime {
  const then = Date.parse(iso);
  const s = Number.isNaN(then) ? 0 : Math.max(0, Math.floor((nowMs - then) / 1000));
  if (s < JUST_NOW_S) return { value: 0, unit: 'second' };
  if (s < 60) return { value: -s, unit: 'second' };
  if (s < 3600) return { value: -Math.floor(s / 60), unit: 'minute' };
  if (s < 86_400) return { value: -Math.floor(s / 3600), unit: 'hour' };
  return { value: -Math.floor(s / 86_400), unit: 'day' };
}

/** "×12.50": the multiplier as the board shows it (2 decimals, trailing zeros kept). */
export const showMultiplier = (m: number) => `×${m.toFixed(2)}`;
