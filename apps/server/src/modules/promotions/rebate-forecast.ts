import { dayPayout, rebateFigure } from './rebate-formula';

/**
 * The pure side of the rebate cost forecast: what a set of member-days would have paid under
 * one set of terms and under another. Minor units and basis points in; no database, no clock.
 */

/** The terms a forecast prices: the rule's minimum and cap, the rates per level and game type. */
export interface ForecastTerms {
  /** null: the brand pays no rebates under these terms. */
  rule: { minPayout: bigint; dailyCap: bigint | null } | null;
  rates: ReadonlyMap<number, ReadonlyMap<string, number>>;
}

/** One member's valid turnover on one day, per game type, at the member's level. */
export interface MemberDay {
  level: number;
  turnover: ReadonlyMap<string, bigint>;
}

export interface ForecastLine {
  level: number;
  gameType: string;
  turnover: bigint;
  /** The line's rebate before the daily cap and the minimum payout (those apply per member-day). */
  currentCost: bigint;
  proposedCost: bigint;
}

export interface Forecast {
  turnover: bigint;
  /** What the days would have paid: per member-day, cut to the cap, nothing below the minimum. */
  currentCost: bigint;
  proposedCost: bigint;
  lines: ForecastLine[];
}

const NO_RATES: ReadonlyMap<string, number> = new Map();

/** What one member-day pays under `terms` (the daily job's payout with nothing claimed by hand). */
export function dayCost(day: MemberDay, terms: ForecastTerms, order: readonly string[]) {
  const figure = rebateFigure(
    day.turnover,
    terms.rates.get(day.level) ?? NO_RATES,
    terms.rule?.dailyCap ?? null,
    order,
  );
  const paid = terms.rule ? dayPayout(figure.rebate, 0n, terms.rule.minPayout) : 0n;
  return { figure, paid };
}

/**
 * Prices every member-day under the current and the proposed terms. Lines come out per (level,
 * game type) with turnover, in level then `order` order.
 */
export function rebateForecast(
  days: readonly MemberDay[],
  current: ForecastTerms,
  proposed: ForecastTerms,
  order: readonly string[],
): Forecast {
  const lines = new Map<string, ForecastLine>();
  let turnover = 0n;
  let currentCost = 0n;
  let proposedCost = 0n;
  for (const day of days) {
    const now = dayCost(day, current, order);
    const next = dayCost(day, proposed, order);
    currentCost += now.paid;
    proposedCost += next.paid;
    for (const gameType of order) {
      const t = day.turnover.get(gameType) ?? 0n;
      if (t <= 0n) continue;
      turnover += t;
      const key = `${day.level}:${gameType}`;
      const line = lines.get(key) ?? {
        level: day.level,
        gameType,
        turnover: 0n,
        currentCost: 0n,
        proposedCost: 0n,
      };
      line.turnover += t;
      line.currentCost += now.figure.lines.find((l) => l.gameType === gameType)?.rebate ?? 0n;
      line.proposedCost += next.figure.lines.find((l) => l.gameType === gameType)?.rebate ?? 0n;
      lines.set(key, line);
    }
  }
  const sorted = [...lines.values()].sort(
    (a, b) => a.level - b.level || order.indexOf(a.gameType) - order.indexOf(b.gameType),
  );
  return { turnover, currentCost, proposedCost, lines: sorted };
}
