import { periodAt } from '../../platform/periods';

/**
 * Responsible-gambling rules, pure: limits and their cooling-off, the lowest applicable limit,
 * time-outs and self-exclusion periods. Instants in, decisions out; the service stores them.
 */

export const LIMIT_KINDS = ['DEPOSIT', 'LOSS', 'WAGER'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** Calendar day, Monday-to-Sunday week, calendar month, in the brand's time zone. */
export const LIMIT_PERIODS = ['D', 'W', 'M'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** A limit as stored: what applies now, and a loosening waiting for its cooling-off to end. */
export interface StoredLimit {
  /** Minor units (money limits) or minutes (the session limit); null: no limit applies now. */
  amount: bigint | null;
  /** A raise or a removal (amount null): applies only once confirmed at or after `from`. */
  pending: { amount: bigint | null; from: Date } | null;
}

export const NO_LIMIT: StoredLimit = { amount: null, pending: null };

/**
 * A member asks for `requested` (null: remove). Tightening (a first limit, a lower one) applies at
 * once and drops any waiting loosening; loosening (higher, or removed) waits `coolingMs` and then
 * needs the member's confirmation, so a decision made in the heat of play cannot take effect in it.
 */
export function requestLimit(
  current: StoredLimit,
  requested: bigint | null,
  now: Date,
  coolingMs: number,
): StoredLimit & { effect: 'NOW' | 'PENDING' | 'UNCHANGED' } {
  const tighter = requested !== null && (current.amount === null || requested < current.amount);
  if (tighter) return { amount: requested, pending: null, effect: 'NOW' };
  if (requested === current.amount) return { amount: current.amount, pending: null, effect: 'UNCHANGED' };
  // A loosening asked again keeps its first waiting time: asking twice does not restart nor skip it.
  const from =
    current.pending && current.pending.amount === requested
      ? current.pending.from
      : new Date(now.getTime() + coolingMs);
  return { amount: current.amount, pending: { amount: requested, from }, effect: 'PENDING' };
}

/** Applies a waiting loosening the member confirms; null while its cooling-off runs or without one. */
export function confirmLimit(current: StoredLimit, now: Date): StoredLimit | null {
  if (!current.pending || now < current.pending.from) return null;
  return { amount: current.pending.amount, pending: null };
}

/** Cancels a waiting loosening: the limit stays as it is. */
export function cancelPending(current: StoredLimit): StoredLimit {
  return { amount: current.amount, pending: null };
}

/** Where each period of a limit starts, for `instant` in the brand's zone. */
export function periodStarts(instant: number, timezone: string): Record<LimitPeriod, Date> {
  return {
    D: periodAt('D', instant, timezone).start,
    W: periodAt('W', instant, timezone).start,
    M: periodAt('M', instant, timezone).start,
  };
}

/**
 * How much more a member may deposit, stake or lose now: the smallest of (limit - used) over the
 * periods that have a limit (the lowest applicable limit), never below 0; null when none applies.
 */
export function headroom(
  limits: Partial<Record<LimitPeriod, StoredLimit>>,
  used: Record<LimitPeriod, bigint>,
): bigint | null {
  let least: bigint | null = null;
  for (const period of LIMIT_PERIODS) {
    const amount = limits[period]?.amount;
    if (amount === null || amount === undefined) continue;
    const left = amount - used[period];
    const clipped = left < 0n ? 0n : left;
    if (least === null || clipped < least) least = clipped;
  }
  return least;
}

// ---- time-outs and self-exclusion ------------------------------------------------------------------

/** A short break: 24 hours, 7 days, 30 days, or any number of days up to 6 weeks. */
export const TIMEOUT_MAX_DAYS = 42;
export const EXCLUSION_TERMS = ['6M', '1Y', '5Y', 'PERMANENT'] as const;
export type ExclusionTerm = (typeof EXCLUSION_TERMS)[number];

const HOUR_MS = 3_600_000;

/** When a time-out of `days` days (1 = 24 hours) started at `from` ends. */
export function timeoutEnd(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 1 || days > TIMEOUT_MAX_DAYS)
    throw new RangeError(`time-out of ${days} days`);
  return new Date(from.getTime() + days * 24 * HOUR_MS);
}

/** Calendar months later, on the same day and time (the month's last day when it has fewer days). */
function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** When a self-exclusion of `term` started at `from` ends; null: never (permanent). */
export function exclusionEnd(from: Date, term: ExclusionTerm): Date | null {
  switch (term) {
    case '6M':
      return addMonths(from, 6);
    case '1Y':
      return addMonths(from, 12);
    case '5Y':
      return addMonths(from, 60);
    case 'PERMANENT':
      return null;
  }
}

/**
 * Whether a member may return from an exclusion now: only after its period has ended, and then
 * only through a return request that itself waits the cooling-off (`returnFrom`).
 */
export function mayReturn(
  exclusion: { endsAt: Date | null; returnFrom: Date | null },
  now: Date,
): 'EXCLUDED' | 'ASK' | 'WAITING' | 'RETURNED' {
  if (exclusion.endsAt === null || now < exclusion.endsAt) return 'EXCLUDED';
  if (exclusion.returnFrom === null) return 'ASK';
  return now < exclusion.returnFrom ? 'WAITING' : 'RETURNED';
}

/** Full years between a date of birth (yyyy-mm-dd) and `now` in the brand's zone's calendar. */
export function ageOn(birth: string, today: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  const t = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!b || !t) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return age;
}
