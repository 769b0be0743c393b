/**
 * Bet amounts on the client are whole minor units (cents), so adding chips never meets a float
 * rounding error; the request sends the major amount with two decimals.
 */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

/** What a bet returns if it wins, stake included, rounded down to the cent as the server does. */
export const potentialReturn = (cents: number, odds: number): number =>
  Math.floor((cents * Math.round(odds * 100)) / 100) / 100;

/** Adds a chip, never past the limit. */
export const addChip = (cents: number, chip: number, maxCents: number): number =>
  Math.min(cents + toCents(chip), maxCents);
