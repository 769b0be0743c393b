import { lotteryWeekdayOf, type LotteryWeekday } from '@app/contracts';
import { DAY_MS, localDay, zonedInstant } from '../../platform/zoned-time';

/*
 * The lottery clock, as pure functions of an instant. Any server instance computes the same draw
 * (numero, lock and draw times) from the clock alone: nothing depends on a timer being alive.
 *
 * - Scheduled draws (digit lotteries): on the weekdays listed (Sunday 1 ... Saturday 7) at a local
 *   time of the brand's time zone; the numero is the local draw date, YYYYMMDD. Betting closes
 *   lockMinutes before the draw.
 * - Fast draws (electronic lotteries): every `intervalSeconds` from a fixed epoch, like the
 *   cockfight clock; draw n is at EPOCH + n x interval and its numero is n. Betting on draw n opens
 *   when draw n - 1 is drawn and closes lockSeconds before draw n.
 */

/** 2024-01-01T00:00:00Z: fast draws count intervals from here. */
export const LOTTERY_FAST_EPOCH_MS = Date.UTC(2024, 0, 1);

export interface DrawSlot {
  numero: string;
  /** Orders a game's draws: the numero as a number (YYYYMMDD, or n). */
  seq: number;
  /** Epoch ms: betting closes. */
  lockAt: number;
  /** Epoch ms: the result is drawn. */
  drawAt: number;
}

/** A digit lottery's schedule. */
export interface ScheduledPlan {
  kind: 'SCHEDULED';
  /** Weekdays it draws on, Sunday 1 ... Saturday 7. */
  days: readonly LotteryWeekday[];
  /** Local draw time, 'HH:MM'. */
  drawTime: string;
  lockMinutes: number;
  timeZone: string;
}

/** A fast lottery's schedule. */
export interface FastPlan {
  kind: 'FAST';
  intervalSeconds: number;
  lockSeconds: number;
}

export type DrawPlan = ScheduledPlan | FastPlan;

/**
 * Seconds before a fast draw that betting closes: a twelfth of the interval, 2 to 15 seconds
 * (15 s at the default 180 s; 2 s at the 20 s of the end-to-end tests).
 */
export function fastLockSeconds(intervalSeconds: number): number {
  return Math.min(15, Math.max(2, Math.round(intervalSeconds / 12)));
}

// ---- fast draws -----------------------------------------------------------------------------------

export function fastSlot(n: number, plan: FastPlan): DrawSlot {
  const drawAt = LOTTERY_FAST_EPOCH_MS + n * plan.intervalSeconds * 1000;
  return { numero: String(n), seq: n, lockAt: drawAt - plan.lockSeconds * 1000, drawAt };
}

/** The fast draw taking bets (or locked) at `nowMs`: the first one drawn strictly after now. */
export function fastCurrent(nowMs: number, plan: FastPlan): DrawSlot {
  return fastSlot(Math.floor((nowMs - LOTTERY_FAST_EPOCH_MS) / (plan.intervalSeconds * 1000)) + 1, plan);
}

// ---- calendar and time zones ----------------------------------------------------------------------

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minutesOf(drawTime: string): number {
  const m = TIME_PATTERN.exec(drawTime);
  if (!m) throw new RangeError(`Not an HH:MM time: ${drawTime}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

const weekdayOfDay = (day: number): LotteryWeekday => lotteryWeekdayOf(new Date(day * DAY_MS).getUTCDay());

const numeroOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');

function scheduledSlotOfDay(day: number, plan: ScheduledPlan): DrawSlot {
  const drawAt = zonedInstant(day, minutesOf(plan.drawTime), plan.timeZone);
  const numero = numeroOfDay(day);
  return { numero, seq: Number(numero), lockAt: drawAt - plan.lockMinutes * 60_000, drawAt };
}

/** The scheduled draw taking bets (or locked) at `nowMs`: the first one drawn strictly after now. */
export function scheduledCurrent(nowMs: number, plan: ScheduledPlan): DrawSlot | null {
  if (plan.days.length === 0) return null;
  const today = localDay(nowMs, plan.timeZone);
  // Today's draw may be past: a draw day comes within the next 7 days after today.
  for (let d = today - 1; d <= today + 8; d++) {
    if (!plan.days.includes(weekdayOfDay(d))) continue;
    const slot = scheduledSlotOfDay(d, plan);
    if (slot.drawAt > nowMs) return slot;
  }
  return null;
}

/** The scheduled draw of a numero (YYYYMMDD), or null if the plan does not draw that day. */
export function scheduledSlot(numero: string, plan: ScheduledPlan): DrawSlot | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(numero);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (numeroOfDay(ms / DAY_MS) !== numero) return null;
  const day = ms / DAY_MS;
  return plan.days.includes(weekdayOfDay(day)) ? scheduledSlotOfDay(day, plan) : null;
}

// ---- either ---------------------------------------------------------------------------------------

/** The draw of a game taking bets (or locked, waiting for its draw) at `nowMs`. */
export function currentDraw(nowMs: number, plan: DrawPlan): DrawSlot | null {
  return plan.kind === 'FAST' ? fastCurrent(nowMs, plan) : scheduledCurrent(nowMs, plan);
}

/** The draw after `slot`. */
export function nextDraw(slot: DrawSlot, plan: DrawPlan): DrawSlot | null {
  return plan.kind === 'FAST' ? fastSlot(slot.seq + 1, plan) : scheduledCurrent(slot.drawAt, plan);
}

/** Bets are taken strictly before the lock time. */
export const isBettingOpen = (slot: Pick<DrawSlot, 'lockAt'>, nowMs: number): boolean => nowMs < slot.lockAt;

/** drawDayOfWeek as the menus answer it: the weekdays in order, comma separated. */
export function drawDayOfWeek(plan: DrawPlan): string {
  const days = plan.kind === 'FAST' ? [1, 2, 3, 4, 5, 6, 7] : [...plan.days].sort((a, b) => a - b);
  return days.join(',');
}
