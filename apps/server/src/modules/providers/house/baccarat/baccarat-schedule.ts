/**
 * When each round of a table runs, computed from the clock alone, so every server process agrees
 * without talking to the others and no timer has to be alive for the schedule to hold.
 *
 * A round is `betSeconds` of betting, then `resultSeconds` in which the cards are dealt, revealed
 * and settled; round n of a table opens at offset + n * (betSeconds + resultSeconds) milliseconds
 * after the epoch. Tables are offset from one another so their rounds do not all close together.
 */
export interface BaccaratSchedule {
  betSeconds: number;
  resultSeconds: number;
  tables: number;
}

export interface RoundTimes {
  roundNo: number;
  /** Epoch milliseconds. */
  opensAt: number;
  closesAt: number;
  nextOpensAt: number;
}

export const cycleMs = (s: BaccaratSchedule): number => (s.betSeconds + s.resultSeconds) * 1000;

/** Table 1 starts on the epoch; the others are spread evenly over one cycle. */
export function tableOffsetMs(s: BaccaratSchedule, tableId: number): number {
  return Math.floor(((tableId - 1) * cycleMs(s)) / Math.max(1, s.tables));
}

export function roundTimes(s: BaccaratSchedule, tableId: number, roundNo: number): RoundTimes {
  const cycle = cycleMs(s);
  const opensAt = tableOffsetMs(s, tableId) + roundNo * cycle;
  return { roundNo, opensAt, closesAt: opensAt + s.betSeconds * 1000, nextOpensAt: opensAt + cycle };
}

/** The round whose cycle contains `now` (betting if now < closesAt, else its result phase). */
export function roundAt(s: BaccaratSchedule, tableId: number, now: number): RoundTimes {
  const n = Math.floor((now - tableOffsetMs(s, tableId)) / cycleMs(s));
  return roundTimes(s, tableId, Math.max(0, n));
}

/** The latest round whose betting has closed at `now`. */
export function lastClosedRound(s: BaccaratSchedule, tableId: number, now: number): RoundTimes {
  const current = roundAt(s, tableId, now);
  return now >= current.closesAt ? current : roundTimes(s, tableId, Math.max(0, current.roundNo - 1));
}
