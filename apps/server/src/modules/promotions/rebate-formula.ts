import { lastCompleted, type Period } from '../../platform/periods';

/**
 * The pure side of rebates: a day's rebate from valid turnover per game type at the
 * member's level, the daily cap, what a manual claim may take and what the daily job pays. Minor
 * units and basis points in; no database, no clock (callers pass instants).
 */

const BP = 10_000n;

export interface RebateLine {
  gameType: string;
  turnover: bigint;
  rateBp: number;
  rebate: bigint;
}

export interface RebateFigure {
  lines: RebateLine[];
  turnover: bigint;
  /** The day's rebate: the sum of the lines, cut to the cap. */
  rebate: bigint;
  capped: boolean;
}

/**
 * The rebate of a day: per game type floor(turnover x rate / 10000) (a game type without a rate
 * pays none), summed, then cut to `cap` when there is one. Turnover that is not positive pays
 * nothing. Lines come out for every game type that has turnover or a rate, in `order`.
 */
export function rebateFigure(
  turnover: ReadonlyMap<string, bigint>,
  ratesBp: ReadonlyMap<string, number>,
  cap: bigint | null,
  order: readonly string[],
): RebateFigure {
  const lines: RebateLine[] = [];
  let total = 0n;
  let sum = 0n;
  for (const gameType of order) {
    const t = turnover.get(gameType) ?? 0n;
    const rateBp = ratesBp.get(gameType) ?? 0;
    if (t === 0n && rateBp === 0) continue;
    const rebate = t > 0n && rateBp > 0 ? (t * BigInt(rateBp)) / BP : 0n;
    lines.push({ gameType, turnover: t, rateBp, rebate });
    total += t;
    sum += rebate;
  }
  const capped = cap !== null && sum > cap;
  return { lines, turnover: total, rebate: capped ? cap : sum, capped };
}

/** What is left to pay of a day's rebate after what was claimed (never negative: paid is never taken back). */
export const rebateRest = (rebate: bigint, claimed: bigint): bigint =>
  rebate > claimed ? rebate - claimed : 0n;

/** A manual claim pays the rest at once when it reaches the minimum payout. */
export const canClaim = (rest: bigint, minPayout: bigint): boolean => rest > 0n && rest >= minPayout;

/**
 * What the daily job pays for an ended day: the rest after manual claims, when the day's rebate
 * reached the minimum payout. The minimum keeps days of dust unpaid; it does not apply to the rest
 * (a member who claimed most of a day by hand still gets the last cents of it).
 */
export const dayPayout = (rebate: bigint, claimed: bigint, minPayout: bigint): bigint =>
  rebate >= minPayout ? rebateRest(rebate, claimed) : 0n;

/**
 * WARNING: a day is paid only once it ended this long ago. A bet settles with settled_at = the time
 * its transaction began and is seen when that transaction commits; a settlement running across
 * midnight must be visible before the day's rows are closed for good.
 */
export const REBATE_DAY_LAG_MS = 2 * 60_000;

/** The days the job pays at `now`: the last ended day (after the lag) and the one before (a missed pass). */
export function dueRebateDays(now: number, tz: string): Period[] {
  const last = lastCompleted('D', now - REBATE_DAY_LAG_MS, tz);
  const before = lastCompleted('D', last.start.getTime(), tz);
  return [before, last];
}
