import type { Fixture } from './fixtures';

/**
 * The house sportsbook's prices: fair probabilities from a model, then odds with a margin.
 *
 * ODDS ARE INTEGERS: decimal odds in thousandths, so 1.950 is 1950 and 2.10 is 2100 (a stake of
 * 10.00 at 1950 returns 19.50). Probabilities and model parameters are floats; they are turned into
 * integer odds once, here, and everything after that (settlement, parlays, payouts) is integer
 * arithmetic on bigint minor units. Offered odds are rounded down to a whole hundredth (a multiple
 * of 10) and are never below MIN_ODDS (1.01).
 *
 * Football: goals of each side are independent Poisson variables whose means come from the two
 * strength ratings and a home advantage. Esports: a best-of-3 whose maps are independent, each won
 * by the first team with a probability from the ratings (logistic, no home advantage).
 *
 * Lines are half lines only (a goal or map count is never equal to them), so no selection pushes.
 * Handicap lines are quoted from the home (first) team's side: HANDICAP -1.5 HOME means the home
 * side wins by 2 or more; HANDICAP -1.5 AWAY is the other outcome (the away side at +1.5).
 */

/** Odds are held in thousandths: decimal odds × 1000. */
export const ODDS_SCALE = 1000;
/** 1.01: the lowest odds ever offered. */
export const MIN_ODDS = 1010;
/** 1000.00: the highest odds ever offered (also keeps a near-impossible outcome finite). */
export const MAX_ODDS = 1_000_000;
/** The bookmaker margin: the implied probabilities of a market sum to 1 + margin. */
export const DEFAULT_MARGIN = 0.05;

export const HANDICAP_LINES = [-1.5, -0.5, 0.5, 1.5] as const;
export const TOTAL_LINES = [1.5, 2.5, 3.5] as const;
export const MAP_HANDICAP_LINES = [-1.5, 1.5] as const;
export const TOTAL_MAPS_LINES = [2.5] as const;
export type HandicapLine = (typeof HANDICAP_LINES)[number];
export type TotalLine = (typeof TOTAL_LINES)[number];
export type MapHandicapLine = (typeof MAP_HANDICAP_LINES)[number];
export type TotalMapsLine = (typeof TOTAL_MAPS_LINES)[number];

export type Side = 'HOME' | 'AWAY';
export type OverUnder = 'OVER' | 'UNDER';

/** What a player backs. Football: MATCH_RESULT (1X2), HANDICAP, TOTAL_GOALS. Esports: the rest. */
export type Selection =
  | { market: 'MATCH_RESULT'; pick: Side | 'DRAW' }
  | { market: 'HANDICAP'; line: HandicapLine; pick: Side }
  | { market: 'TOTAL_GOALS'; line: TotalLine; pick: OverUnder }
  | { market: 'MATCH_WINNER'; pick: Side }
  | { market: 'MAP_HANDICAP'; line: MapHandicapLine; pick: Side }
  | { market: 'TOTAL_MAPS'; line: TotalMapsLine; pick: OverUnder };

export type MarketType = Selection['market'];

export const FOOTBALL_MARKETS: readonly MarketType[] = ['MATCH_RESULT', 'HANDICAP', 'TOTAL_GOALS'];
export const ESPORTS_MARKETS: readonly MarketType[] = ['MATCH_WINNER', 'MAP_HANDICAP', 'TOTAL_MAPS'];

/** 'HANDICAP/-1.5': one market (its selections are mutually exclusive and cover every result). */
export function marketKey(selection: Selection): string {
  return 'line' in selection ? `${selection.market}/${selection.line}` : selection.market;
}

/** 'HANDICAP/-1.5/HOME'. */
export function selectionKey(selection: Selection): string {
  return `${marketKey(selection)}/${selection.pick}`;
}

export interface FairOutcome {
  selection: Selection;
  probability: number;
}

export interface FairMarket {
  key: string;
  outcomes: FairOutcome[];
}

export interface PricedOutcome extends FairOutcome {
  /** Thousandths, a multiple of 10, MIN_ODDS to MAX_ODDS. */
  odds: number;
}

export interface PricedMarket {
  key: string;
  /** An outcome is already certain (in play): the market must not be offered. */
  decided: boolean;
  outcomes: PricedOutcome[];
}

// ---- odds from probabilities ---------------------------------------------------------------------

function assertMargin(margin: number): void {
  if (!Number.isFinite(margin) || margin < 0 || margin >= 1) {
    throw new RangeError(`margin must be in [0, 1), got ${margin}`);
  }
}

/**
 * Offered odds for a fair probability: 1 / (p × (1 + margin)), rounded down to a hundredth, within
 * MIN_ODDS..MAX_ODDS. Margin applied this way is proportional: every implied probability grows by
 * the same factor, so a market's implied probabilities sum to 1 + margin (a little more after
 * rounding down).
 */
export function oddsFromProbability(probability: number, margin = DEFAULT_MARGIN): number {
  if (!(probability >= 0 && probability <= 1)) throw new RangeError(`probability must be in [0, 1]`);
  assertMargin(margin);
  if (probability === 0) return MAX_ODDS;
  const decimal = 1 / (probability * (1 + margin));
  // The tiny epsilon absorbs float noise (an exact 2.1 computed as 2.0999999999999996); it never
  // lifts odds by a real hundredth.
  const hundredths = Math.floor(decimal * 100 + 1e-9);
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, hundredths * 10));
}

/** Prices every outcome of a market with the same margin. */
export function priceMarket(market: FairMarket, margin = DEFAULT_MARGIN): PricedMarket {
  return {
    key: market.key,
    decided: market.outcomes.some((o) => o.probability >= 1 - 1e-12),
    outcomes: market.outcomes.map((o) => ({ ...o, odds: oddsFromProbability(o.probability, margin) })),
  };
}

/** The fair probability of one selection in a list of markets (throws if it is not offered there). */
export function probabilityOf(markets: readonly FairMarket[], selection: Selection): number {
  const key = selectionKey(selection);
  for (const market of markets) {
    for (const o of market.outcomes) if (selectionKey(o.selection) === key) return o.probability;
  }
  throw new RangeError(`No market offers ${key}`);
}

// ---- football: Poisson ---------------------------------------------------------------------------

interface FootballModelOptions {
  /** Expected goals of each side when the ratings are equal, before home advantage. */
  baseGoals: number;
  /** The home side's expected goals are multiplied by it and the away side's divided by it. */
  homeAdvantage: number;
  /** Per rating point of difference, each side's expected goals change by a factor e^this. */
  strengthFactor: number;
}

/** About 1.5 home and 1.2 away goals between equal sides, as in top leagues. */
const DEFAULT_FOOTBALL_MODEL: FootballModelOptions = {
  baseGoals: 1.35,
  homeAdvantage: 1.12,
  strengthFactor: 0.02,
};

/** Expected goals of each side over 90 minutes. */
export interface ExpectedGoals {
  home: number;
  away: number;
}

/** The model keeps expected goals in this range (a 30-goal cap leaves a tail below 1e-12). */
const MIN_EXPECTED_GOALS = 0.05;
const MAX_EXPECTED_GOALS = 6;
/** The score matrix counts up to this many further goals per side. */
export const MAX_GOALS = 30;
export const FOOTBALL_MINUTES = 90;

export function footballExpectedGoals(
  homeStrength: number,
  awayStrength: number,
  options: FootballModelOptions = DEFAULT_FOOTBALL_MODEL,
): ExpectedGoals {
  const edge = Math.exp(options.strengthFactor * (homeStrength - awayStrength));
  const clamp = (x: number) => Math.min(MAX_EXPECTED_GOALS, Math.max(MIN_EXPECTED_GOALS, x));
  return {
    home: clamp(options.baseGoals * options.homeAdvantage * edge),
    away: clamp(options.baseGoals / options.homeAdvantage / edge),
  };
}

/** P(X = k) for k = 0..MAX_GOALS, X ~ Poisson(mean), scaled to sum to 1 (the cut tail is < 1e-12). */
export function poissonPmf(mean: number): Float64Array {
  if (!(mean >= 0 && Number.isFinite(mean))) throw new RangeError(`mean must be finite and >= 0`);
  const pmf = new Float64Array(MAX_GOALS + 1);
  pmf[0] = Math.exp(-mean);
  let sum = pmf[0];
  for (let k = 1; k <= MAX_GOALS; k++) {
    pmf[k] = (pmf[k - 1]! * mean) / k;
    sum += pmf[k]!;
  }
  for (let k = 0; k <= MAX_GOALS; k++) pmf[k] = pmf[k]! / sum;
  return pmf;
}

/** A match in play: the minute reached and the score so far. */
interface FootballState {
  minute: number;
  home: number;
  away: number;
}

const KICK_OFF: FootballState = { minute: 0, home: 0, away: 0 };

/**
 * Fair probabilities of every football market, at kick-off or in play.
 *
 * In play, goals still to come are Poisson with the expected goals scaled by the minutes left: the
 * match simulation places each goal at a uniform minute, so this is exact for it (Poisson
 * thinning), not an approximation.
 */
export function footballMarkets(goals: ExpectedGoals, state: FootballState = KICK_OFF): FairMarket[] {
  const minute = Math.min(FOOTBALL_MINUTES, Math.max(0, state.minute));
  const left = (FOOTBALL_MINUTES - minute) / FOOTBALL_MINUTES;
  const homePmf = poissonPmf(goals.home * left);
  const awayPmf = poissonPmf(goals.away * left);

  // Final goal difference and total, each as a distribution over the grid of goals still to come.
  const span = MAX_GOALS + 1;
  const byDiff = new Float64Array(2 * span - 1); // index i - j + MAX_GOALS
  const byTotal = new Float64Array(2 * span - 1); // index i + j
  for (let i = 0; i < span; i++) {
    for (let j = 0; j < span; j++) {
      const p = homePmf[i]! * awayPmf[j]!;
      byDiff[i - j + MAX_GOALS]! += p;
      byTotal[i + j]! += p;
    }
  }
  const scoreDiff = state.home - state.away;
  const scoreTotal = state.home + state.away;
  /** P(final difference satisfies test). */
  const diffWhere = (test: (diff: number) => boolean) =>
    byDiff.reduce((sum, p, k) => (test(scoreDiff + k - MAX_GOALS) ? sum + p : sum), 0);
  const result = {
    HOME: diffWhere((d) => d > 0),
    DRAW: diffWhere((d) => d === 0),
    AWAY: diffWhere((d) => d < 0),
  };
  const handicapHome = HANDICAP_LINES.map((line) => diffWhere((d) => d + line > 0));
  const under = TOTAL_LINES.map((line) =>
    byTotal.reduce((sum, p, k) => (scoreTotal + k < line ? sum + p : sum), 0),
  );
  // The grid sums to 1 within float error; the second outcome of a two-way market is taken as
  // the complement so that every market sums to exactly 1.
  return [
    {
      key: 'MATCH_RESULT',
      outcomes: (['HOME', 'DRAW', 'AWAY'] as const).map((pick) => ({
        selection: { market: 'MATCH_RESULT', pick },
        probability: result[pick],
      })),
    },
    ...HANDICAP_LINES.map((line, h) => ({
      key: `HANDICAP/${line}`,
      outcomes: [
        { selection: { market: 'HANDICAP', line, pick: 'HOME' } as const, probability: handicapHome[h]! },
        { selection: { market: 'HANDICAP', line, pick: 'AWAY' } as const, probability: 1 - handicapHome[h]! },
      ],
    })),
    ...TOTAL_LINES.map((line, t) => ({
      key: `TOTAL_GOALS/${line}`,
      outcomes: [
        { selection: { market: 'TOTAL_GOALS', line, pick: 'OVER' } as const, probability: 1 - under[t]! },
        { selection: { market: 'TOTAL_GOALS', line, pick: 'UNDER' } as const, probability: under[t]! },
      ],
    })),
  ];
}

// ---- esports: best of 3 --------------------------------------------------------------------------

/** Rating points for 10:1 odds on one map (logistic, as Elo with a scale of 60 points). */
const ESPORTS_RATING_SCALE = 60;
export const MAPS_TO_WIN = 2;

/** The chance the first team wins one map. */
export function mapWinProbability(homeStrength: number, awayStrength: number): number {
  return 1 / (1 + 10 ** ((awayStrength - homeStrength) / ESPORTS_RATING_SCALE));
}

/** Maps won so far in a best-of-3. */
interface EsportsState {
  home: number;
  away: number;
}

/** P(final maps = home:away) for every reachable final score of a best-of-3 from `state`. */
export function bestOfThreeFinals(
  mapProbability: number,
  state: EsportsState = { home: 0, away: 0 },
): { home: number; away: number; probability: number }[] {
  if (!(mapProbability >= 0 && mapProbability <= 1)) throw new RangeError('mapProbability must be in [0, 1]');
  const finals = new Map<string, { home: number; away: number; probability: number }>();
  const walk = (home: number, away: number, p: number) => {
    if (p === 0) return;
    if (home === MAPS_TO_WIN || away === MAPS_TO_WIN) {
      const key = `${home}:${away}`;
      const entry = finals.get(key) ?? { home, away, probability: 0 };
      entry.probability += p;
      finals.set(key, entry);
      return;
    }
    walk(home + 1, away, p * mapProbability);
    walk(home, away + 1, p * (1 - mapProbability));
  };
  if (state.home > MAPS_TO_WIN || state.away > MAPS_TO_WIN || (state.home === 2 && state.away === 2)) {
    throw new RangeError(`Not a best-of-3 score: ${state.home}:${state.away}`);
  }
  walk(state.home, state.away, 1);
  return [...finals.values()];
}

/** Fair probabilities of every esports market, before the first map or between maps. */
export function esportsMarkets(
  mapProbability: number,
  state: EsportsState = { home: 0, away: 0 },
): FairMarket[] {
  let homeWins = 0;
  const handicapHome = MAP_HANDICAP_LINES.map(() => 0);
  const under = TOTAL_MAPS_LINES.map(() => 0);
  for (const f of bestOfThreeFinals(mapProbability, state)) {
    if (f.home > f.away) homeWins += f.probability;
    MAP_HANDICAP_LINES.forEach((line, h) => {
      if (f.home - f.away + line > 0) handicapHome[h]! += f.probability;
    });
    TOTAL_MAPS_LINES.forEach((line, t) => {
      if (f.home + f.away < line) under[t]! += f.probability;
    });
  }
  return [
    {
      key: 'MATCH_WINNER',
      outcomes: [
        { selection: { market: 'MATCH_WINNER', pick: 'HOME' }, probability: homeWins },
        { selection: { market: 'MATCH_WINNER', pick: 'AWAY' }, probability: 1 - homeWins },
      ],
    },
    ...MAP_HANDICAP_LINES.map((line, h) => ({
      key: `MAP_HANDICAP/${line}`,
      outcomes: [
        { selection: { market: 'MAP_HANDICAP', line, pick: 'HOME' } as const, probability: handicapHome[h]! },
        {
          selection: { market: 'MAP_HANDICAP', line, pick: 'AWAY' } as const,
          probability: 1 - handicapHome[h]!,
        },
      ],
    })),
    ...TOTAL_MAPS_LINES.map((line, t) => ({
      key: `TOTAL_MAPS/${line}`,
      outcomes: [
        { selection: { market: 'TOTAL_MAPS', line, pick: 'OVER' } as const, probability: 1 - under[t]! },
        { selection: { market: 'TOTAL_MAPS', line, pick: 'UNDER' } as const, probability: under[t]! },
      ],
    })),
  ];
}

// ---- fixtures ------------------------------------------------------------------------------------

/** Pre-match fair markets of a fixture. */
export function fixtureMarkets(fixture: Fixture): FairMarket[] {
  return fixture.sport === 'FOOTBALL'
    ? footballMarkets(footballExpectedGoals(fixture.home.strength, fixture.away.strength))
    : esportsMarkets(mapWinProbability(fixture.home.strength, fixture.away.strength));
}

/** Pre-match offered odds of a fixture. */
export function priceFixture(fixture: Fixture, margin = DEFAULT_MARGIN): PricedMarket[] {
  return fixtureMarkets(fixture).map((m) => priceMarket(m, margin));
}
