import { fromMinor, toMinor } from '@app/contracts';

/**
 * Bet arithmetic in minor units (bigint): bet options arrive as JSON numbers with 2 decimals and
 * are never multiplied as floats.
 */
const minor = (amount: number): bigint => toMinor(amount) ?? 0n;

/** The position of `bet` among the options; a bet that is not offered maps to the largest option below it. */
export function betIndex(options: readonly number[], bet: number): number {
  const exact = options.indexOf(bet);
  if (exact >= 0) return exact;
  let index = 0;
  options.forEach((option, i) => {
    if (minor(option) <= minor(bet)) index = i;
  });
  return index;
}

/** The next bet up (+1) or down (-1), staying on the first or last option at the ends. */
export function stepBet(options: readonly number[], bet: number, direction: 1 | -1): number {
  if (options.length === 0) return bet;
  const next = Math.min(options.length - 1, Math.max(0, betIndex(options, bet) + direction));
  return options[next]!;
}

export const canStep = (options: readonly number[], bet: number, direction: 1 | -1): boolean =>
  options.length > 0 &&
  (direction === 1 ? betIndex(options, bet) < options.length - 1 : betIndex(options, bet) > 0);

/** The bet to start with: the smallest offered (the player raises it on purpose). */
export const initialBet = (options: readonly number[]): number => options[0] ?? 0;

/** Whether the balance covers the bet (exact, in minor units). */
export const covers = (balance: number, bet: number): boolean => minor(balance) >= minor(bet);

/** The balance with the bet taken out, shown while the spin is on its way (the server's figure replaces it). */
export const afterBet = (balance: number, bet: number): number => fromMinor(minor(balance) - minor(bet));

/** Total bet split over the paylines (line pays are multiples of it). */
export function betPerLine(bet: number, lineCount: number): number {
  if (lineCount <= 0) return 0;
  return fromMinor(minor(bet) / BigInt(lineCount));
}

/**
 * A line pay at this bet: multiplier × bet per line, multiplied before dividing so a bet that
 * does not split evenly over the lines loses no cents.
 */
export function linePay(bet: number, lineCount: number, multiplier: number): number {
  if (lineCount <= 0) return 0;
  return fromMinor((minor(bet) * BigInt(multiplier)) / BigInt(lineCount));
}

/** A scatter pay or the maximum win: multiplier × total bet. */
export const totalBetPay = (bet: number, multiplier: number): number =>
  fromMinor(minor(bet) * BigInt(multiplier));
