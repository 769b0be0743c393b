import { JACKPOT_STEP, JACKPOT_STEP_MS } from '@app/contracts';

/**
 * The jackpot counter's number (SPEC section 4): it starts from a value derived from the clock, so
 * every visitor sees about the same amount, and grows by JACKPOT_STEP every JACKPOT_STEP_MS.
 * Amounts are minor units (integers) so repeated steps never drift.
 */
export const JACKPOT_STEP_MINOR = Math.round(JACKPOT_STEP * 100);
/** The amount at the start of each period. */
export const JACKPOT_BASE_MINOR = 12_000_000_00;
/**
 * The count starts over every week (Monday 00:00 UTC): growing from a fixed epoch for good it
 * would reach absurd amounts (about 1.7 billion a year).
 */
export const JACKPOT_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;
/** 1970-01-01 was a Thursday: periods counted from the first Monday line up with weeks. */
const FIRST_MONDAY_MS = 4 * 24 * 60 * 60 * 1000;

const sincePeriodStart = (nowMs: number) =>
  (((nowMs - FIRST_MONDAY_MS) % JACKPOT_PERIOD_MS) + JACKPOT_PERIOD_MS) % JACKPOT_PERIOD_MS;

/** The jackpot in minor units at a moment. */
export function jackpotMinorAt(nowMs: number): number {
  return JACKPOT_BASE_MINOR + Math.floor(sincePeriodStart(nowMs) / JACKPOT_STEP_MS) * JACKPOT_STEP_MINOR;
}

/** How long until the number next grows. */
export function msToNextStep(nowMs: number): number {
  return JACKPOT_STEP_MS - (sincePeriodStart(nowMs) % JACKPOT_STEP_MS);
}

/** The count-up between two amounts, `t` from 0 to 1 (ease-out), whole minor units. */
export function countUp(from: number, to: number, t: number): number {
  const k = Math.min(Math.max(t, 0), 1);
  return Math.round(from + (to - from) * (1 - (1 - k) ** 3));
}
