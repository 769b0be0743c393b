import { JACKPOT_STEP, JACKPOT_STEP_MS, type Jackpot } from '@app/contracts';

/**
 * The /rng jackpot counter's arithmetic (SPEC section 4). The server answers the pool's real
 * amount every few seconds; in between, the counter steps up from the last real figure by the
 * spec's JACKPOT_STEP every JACKPOT_STEP_MS, but never further than the figure's `lead` (what the
 * pool grew by over a refresh interval of late): the next real figure should be about there, and
 * the counter then counts up or down to it. Amounts are minor units (integers) so steps never drift.
 */
export const JACKPOT_STEP_MINOR = Math.round(JACKPOT_STEP * 100);

/** A real figure of the pool as the counter runs from it. */
export interface JackpotFigure {
  /** The pool, minor units. */
  amountMinor: number;
  /** How far ahead of the pool the counter may run before the next figure, minor units. */
  leadMinor: number;
  stepMinor: number;
  stepMs: number;
  /** When the figure arrived, on this browser's clock (ms). */
  at: number;
}

/** Display only: the answer's 2-decimal amounts as whole minor units (never for money sent back). */
const minorOf = (amount: number) => Math.max(0, Math.round(amount * 100));

export function figureOf(j: Pick<Jackpot, 'amount' | 'lead' | 'step' | 'stepMs'>, at: number): JackpotFigure {
  return {
    amountMinor: minorOf(j.amount),
    leadMinor: minorOf(j.lead),
    stepMinor: j.step > 0 ? minorOf(j.step) : JACKPOT_STEP_MINOR,
    stepMs: j.stepMs > 0 ? j.stepMs : JACKPOT_STEP_MS,
    at,
  };
}

/** Whole steps since the figure arrived. */
const stepsSince = (f: JackpotFigure, nowMs: number) => Math.max(0, Math.floor((nowMs - f.at) / f.stepMs));

/** What the counter shows at a moment: the figure plus a step per interval, at most `lead` ahead. */
export function counterTarget(f: JackpotFigure, nowMs: number): number {
  return f.amountMinor + Math.min(stepsSince(f, nowMs) * f.stepMinor, f.leadMinor);
}

/** How long until the counter steps again; null once it has run its lead (the next figure moves it). */
export function msToNextStep(f: JackpotFigure, nowMs: number): number | null {
  if (stepsSince(f, nowMs) * f.stepMinor >= f.leadMinor) return null;
  const since = Math.max(0, nowMs - f.at);
  return f.stepMs - (since % f.stepMs);
}

/** The count between two amounts, up or down, `t` from 0 to 1 (ease-out), whole minor units. */
export function countUp(from: number, to: number, t: number): number {
  const k = Math.min(Math.max(t, 0), 1);
  return Math.round(from + (to - from) * (1 - (1 - k) ** 3));
}
