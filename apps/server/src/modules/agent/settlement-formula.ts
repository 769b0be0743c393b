import { CONTRACT_LIMITS, type ContractKind, type ContractPeriod } from '@app/contracts';
import { dayStart, dayText, lastCompleted, pad, periodAt, type Period } from '../../platform/periods';
import { localDay } from '../../platform/zoned-time';

/**
 * The pure side of contract settlement: tiers, the figure a period pays, real-time
 * accruals, and the periods themselves in the brand's time zone. No database, no clock: the
 * settlement service passes instants in, so tests can name any period.
 */

/** One tier as the server holds it: minor units and basis points. */
export interface Tier {
  minAmount: bigint;
  minActive: number;
  rateBp: number;
}

const BP = 10_000n;

/**
 * Tiers must rise: each one needs a strictly higher amount, no fewer active members, and pays no
 * lower rate. That keeps a period's figure non-decreasing as turnover (or loss) and active members
 * grow, which is what lets real-time accruals add up to the day's figure.
 */
export function tiersRise(tiers: readonly Tier[]): boolean {
  return tiers.every(
    (t, i) =>
      i === 0 ||
      (t.minAmount > tiers[i - 1]!.minAmount &&
        t.minActive >= tiers[i - 1]!.minActive &&
        t.rateBp >= tiers[i - 1]!.rateBp),
  );
}

/** The highest tier's rate: the contract's rate where the rules compare rates. */
export const maxRateBp = (tiers: readonly Tier[]) => Math.max(...tiers.map((t) => t.rateBp));

interface Figure {
  /** 1-based tier reached; 0 when none is. */
  tier: number;
  rateBp: number;
  /** Minor units: floor(base x rate), 0 when no tier is reached or the base is not positive. */
  figure: bigint;
}

/**
 * What a period pays: the highest tier whose amount and active members are both reached, times
 * the base (team turnover for wages, team loss for dividends), rounded down to the minor unit.
 */
export function periodFigure(tiers: readonly Tier[], base: bigint, active: number): Figure {
  let tier = 0;
  tiers.forEach((t, i) => {
    if (base >= t.minAmount && active >= t.minActive) tier = i + 1;
  });
  if (tier === 0 || base <= 0n) return { tier, rateBp: tier ? tiers[tier - 1]!.rateBp : 0, figure: 0n };
  const rateBp = tiers[tier - 1]!.rateBp;
  return { tier, rateBp, figure: (base * BigInt(rateBp)) / BP };
}

/**
 * A real-time accrual: the day's figure so far less what earlier accruals of the day paid (never
 * negative: money paid is not clawed back). Each accrual paying the difference is what makes the
 * day's accruals add up exactly to the day's figure, whichever runs happened or were missed.
 */
export const realTimeAccrual = (cumulative: bigint, paidBefore: bigint): bigint =>
  cumulative > paidBefore ? cumulative - paidBefore : 0n;

/** Rates as the API shows them: basis points to a percentage number (80 → 0.8). */
export const bpToPercent = (bp: number) => bp / 100;
export const bpText = (bp: number) => (bp / 100).toFixed(2);

// ---- periods in the brand's zone (platform/periods) ------------------------------------------------

const MINUTE_MS = 60_000;

export { lastCompleted, periodAt, type Period } from '../../platform/periods';

/**
 * A real-time accrual up to `upTo`, rounded down to the 5-minute slot: the window runs from the
 * day's start to the slot's end. Null in the day's first slot (nothing has ended yet today; the
 * day before's last accrual, up to midnight, covers it).
 */
export function realTimeSlot(upTo: number, tz: string): Period | null {
  const day = localDay(upTo, tz);
  const start = dayStart(day, tz);
  const slotMs = CONTRACT_LIMITS.realTimeSlotMinutes * MINUTE_MS;
  const slots = Math.floor((upTo - start) / slotMs);
  if (slots <= 0) return null;
  const end = start + slots * slotMs;
  const minutes = Math.round((end - start) / MINUTE_MS);
  return {
    key: `RT:${dayText(day)}@${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
    dayKey: `D:${dayText(day)}`,
    start: new Date(start),
    end: new Date(end),
  };
}

const DAY_END = '@24:00';

/** The day's last real-time accrual (up to midnight) of the day holding `instant`. */
export function realTimeDayEnd(instant: number, tz: string): Period {
  const day = periodAt('D', instant, tz);
  return { key: `RT:${day.key.slice(2)}${DAY_END}`, dayKey: day.key, start: day.start, end: day.end };
}

/** Whether a real-time period is its day's last accrual (realTimeDayEnd). */
export const isRealTimeDayEnd = (p: Period): boolean => p.key.endsWith(DAY_END);

/** What the job settles at `now` for a kind and period: the periods just ended (and the one before, after a missed tick). */
export function duePeriods(kind: ContractKind, period: ContractPeriod, now: number, tz: string): Period[] {
  if (kind === 'REALTIME') {
    const today = realTimeSlot(now, tz);
    const yesterdayEnd = realTimeDayEnd(periodAt('D', now, tz).start.getTime() - 1, tz);
    return today ? [yesterdayEnd, today] : [yesterdayEnd];
  }
  const last = lastCompleted(period, now, tz);
  const before = lastCompleted(period, last.start.getTime(), tz);
  return [before, last];
}
