import { convertPoints, pointsFor } from '@app/contracts';

/**
 * The points figures, pure: what a member's day earns, what the job still owes for it, and what a
 * conversion pays. Whole numbers only (bigint points, bigint minor units, integer rates).
 */

/** A brand's earning rates: points per 1.00 of valid turnover per game type, and of a credited deposit. */
export interface EarnRates {
  turnover: ReadonlyMap<string, number>;
  deposit: number;
}

/** A member's day: the points its valid turnover and its credited deposits are worth. */
export interface DayFigure {
  turnoverPoints: bigint;
  depositPoints: bigint;
  total: bigint;
}

/**
 * The points a member's day is worth: floor(valid turnover x rate) per game type (each game type
 * rounded down on its own), plus floor(credited deposits x deposit rate). A game type without a
 * rate earns nothing.
 */
export function dayFigure(
  lines: readonly { gameType: string; validBet: bigint }[],
  depositsMinor: bigint,
  rates: EarnRates,
): DayFigure {
  const byType = new Map<string, bigint>();
  for (const l of lines) byType.set(l.gameType, (byType.get(l.gameType) ?? 0n) + l.validBet);
  let turnoverPoints = 0n;
  for (const [gameType, valid] of byType)
    turnoverPoints += pointsFor(valid, rates.turnover.get(gameType) ?? 0);
  const depositPoints = pointsFor(depositsMinor, rates.deposit);
  return { turnoverPoints, depositPoints, total: turnoverPoints + depositPoints };
}

/**
 * What is still owed for a day whose figure is now `figure` when `credited` was paid for it before:
 * the difference, never negative (a figure that fell, e.g. a bet voided after it settled, takes
 * nothing back: points never expire and are never clawed).
 */
export const stillOwed = (figure: bigint, credited: bigint): bigint =>
  figure > credited ? figure - credited : 0n;

/**
 * The reference of crediting a day up to `figure`. WARNING: the figure is part of it on purpose:
 * the job credits a day again only when its figure has risen above what was credited, so each
 * (member, day, figure) is credited at most once, by whichever instance gets there first.
 */
export const earnReference = (day: string, memberId: string, figure: bigint) =>
  `EARN:${day}:${memberId}:${figure}`;

type ConversionProblem = 'disabled' | 'minimum';

/**
 * A conversion of `requested` points under the brand's rules: refused while conversion is off or
 * below the minimum (or when the points are worth less than 0.01); else the cash it pays and the
 * points it takes (those worth exactly the cash, see convertPoints).
 */
export function conversionOf(
  requested: bigint,
  rules: { enabled: boolean; pointsPerUnit: number; minPoints: number },
): { ok: true; amountMinor: bigint; pointsUsed: bigint } | { ok: false; problem: ConversionProblem } {
  if (!rules.enabled) return { ok: false, problem: 'disabled' };
  if (requested < BigInt(rules.minPoints)) return { ok: false, problem: 'minimum' };
  const { amountMinor, pointsUsed } = convertPoints(requested, rules.pointsPerUnit);
  if (amountMinor <= 0n) return { ok: false, problem: 'minimum' };
  return { ok: true, amountMinor, pointsUsed };
}

/** The fewest points a conversion takes: the brand's minimum, or what 0.01 costs if that is more. */
export const minimumConversion = (rules: { pointsPerUnit: number; minPoints: number }): number =>
  Math.max(rules.minPoints, Math.ceil(rules.pointsPerUnit / 100));
