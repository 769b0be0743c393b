import { LOTTERY_REFRESH_MAX_MS, LOTTERY_REFRESH_RETRY_MS } from '@app/contracts';

/** What the timer reads of a draw: its issue number (if it has one) and the time left, in ms. */
export interface TimedDraw {
  numero: string | null | undefined;
  remainMs: number;
}

/**
 * When to ask for the open numbers again (SPEC section 4): the smallest time left among the draws
 * that have a number, at most 30 s; 7 s when that is 0 or less (a draw is due now: its result is
 * not out yet, so ask again soon). With no numbered draw at all the timer waits the longest.
 */
export function openNumberRefreshDelay(draws: readonly TimedDraw[]): number {
  let smallest = Number.POSITIVE_INFINITY;
  for (const d of draws) {
    if (!d.numero) continue;
    if (d.remainMs < smallest) smallest = d.remainMs;
  }
  if (smallest === Number.POSITIVE_INFINITY) return LOTTERY_REFRESH_MAX_MS;
  if (smallest <= 0) return LOTTERY_REFRESH_RETRY_MS;
  return Math.min(smallest, LOTTERY_REFRESH_MAX_MS);
}
