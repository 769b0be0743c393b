import type { Rng } from '../secure-rng';
import type { EsportsGame } from './fixtures';
import {
  FOOTBALL_MINUTES,
  MAPS_TO_WIN,
  MAX_GOALS,
  poissonPmf,
  type ExpectedGoals,
  type Side,
} from './pricing';
import { uniform } from './random';

/**
 * Plays house matches from the pricing model, so results follow exactly the probabilities the
 * odds were made from. Decide real matches with SecureRng; a seeded Rng is for tests only.
 *
 * Football: each side's goal count is drawn from its Poisson distribution, then every goal gets a
 * uniform minute 1..90 (stoppage time counts as 90). `scoreAt(m)` counts goals up to minute m, so a
 * match can be shown minute by minute; by Poisson thinning the goals still to come after minute m
 * are again Poisson, which is what in-play pricing assumes.
 *
 * Esports: maps of a best-of-3 are played one by one until a team has two; each has a duration
 * and is followed by a break, so `scoreAt(m)` gives the maps won m minutes after the start.
 */

export interface Score {
  home: number;
  away: number;
}

export interface GoalEvent {
  /** 1..90. */
  minute: number;
  team: Side;
}

/** Samples Poisson(mean) by inversion on the model's own (truncated) distribution. */
function drawGoals(rng: Rng, mean: number): number {
  const pmf = poissonPmf(mean);
  const u = uniform(rng);
  let cumulative = 0;
  for (let k = 0; k < MAX_GOALS; k++) {
    cumulative += pmf[k]!;
    if (u < cumulative) return k;
  }
  return MAX_GOALS;
}

/** A football match's goals in time order; rebuild it from stored goals with `new`. */
export class FootballTimeline {
  readonly goals: readonly GoalEvent[];

  constructor(goals: readonly GoalEvent[]) {
    for (const g of goals) {
      if (!Number.isInteger(g.minute) || g.minute < 1 || g.minute > FOOTBALL_MINUTES) {
        throw new RangeError(`A goal minute must be an integer in 1..${FOOTBALL_MINUTES}, got ${g.minute}`);
      }
    }
    // Stable: goals of the same minute keep the order they were given in.
    this.goals = [...goals].sort((a, b) => a.minute - b.minute);
  }

  /** The score once `minute` minutes are played (0 = kick-off; 90 or more = full time). */
  scoreAt(minute: number): Score {
    const score = { home: 0, away: 0 };
    for (const g of this.goals) {
      if (g.minute > minute) break;
      if (g.team === 'HOME') score.home++;
      else score.away++;
    }
    return score;
  }

  get finalScore(): Score {
    return this.scoreAt(FOOTBALL_MINUTES);
  }
}

/**
 * Draws a football match: home goal count, away goal count, then one minute per goal (home goals
 * first), always in that order from `rng`.
 */
export function simulateFootballMatch(rng: Rng, expected: ExpectedGoals): FootballTimeline {
  const homeGoals = drawGoals(rng, expected.home);
  const awayGoals = drawGoals(rng, expected.away);
  const goals: GoalEvent[] = [];
  for (let i = 0; i < homeGoals + awayGoals; i++) {
    goals.push({ minute: 1 + rng.int(FOOTBALL_MINUTES), team: i < homeGoals ? 'HOME' : 'AWAY' });
  }
  return new FootballTimeline(goals);
}

type FootballPhase = 'NOT_STARTED' | 'FIRST_HALF' | 'HALF_TIME' | 'SECOND_HALF' | 'FULL_TIME';

/** Minutes of a half and of the break; the clock runs 45 + 15 + 45 = 105 minutes from kick-off. */
const HALF = FOOTBALL_MINUTES / 2;
const HALF_TIME_BREAK = 15;

/**
 * Where a football match stands at `now`: its phase and the minutes played (the argument for
 * `scoreAt`). Full time is 105 wall-clock minutes after kick-off.
 */
export function footballClock(kickOff: Date, now: Date): { phase: FootballPhase; minute: number } {
  const elapsed = Math.floor((now.getTime() - kickOff.getTime()) / 60_000);
  if (elapsed < 0) return { phase: 'NOT_STARTED', minute: 0 };
  if (elapsed < HALF) return { phase: 'FIRST_HALF', minute: elapsed };
  if (elapsed < HALF + HALF_TIME_BREAK) return { phase: 'HALF_TIME', minute: HALF };
  if (elapsed < FOOTBALL_MINUTES + HALF_TIME_BREAK)
    return { phase: 'SECOND_HALF', minute: elapsed - HALF_TIME_BREAK };
  return { phase: 'FULL_TIME', minute: FOOTBALL_MINUTES };
}

// ---- esports -------------------------------------------------------------------------------------

export interface MapResult {
  winner: Side;
  /** Minutes the map lasted. */
  minutes: number;
}

/** Shortest and longest map, minutes. */
const MAP_MINUTES: Readonly<Record<EsportsGame, readonly [number, number]>> = {
  MOBA: [20, 45],
  FPS: [30, 55],
};
/** Minutes between two maps. */
export const MAP_BREAK_MINUTES = 10;

/** A best-of-3's maps in order; rebuild it from stored maps with `new`. */
export class EsportsTimeline {
  readonly maps: readonly MapResult[];

  constructor(maps: readonly MapResult[]) {
    const score = { home: 0, away: 0 };
    for (const [i, map] of maps.entries()) {
      if (score.home === MAPS_TO_WIN || score.away === MAPS_TO_WIN) {
        throw new RangeError(`Map ${i + 1} is played after the match was decided`);
      }
      if (map.winner === 'HOME') score.home++;
      else score.away++;
    }
    if (score.home !== MAPS_TO_WIN && score.away !== MAPS_TO_WIN)
      throw new RangeError('The match is not decided');
    this.maps = [...maps];
  }

  /** Maps won `minute` minutes after the first map started (a map counts once it has ended). */
  scoreAt(minute: number): Score {
    const score = { home: 0, away: 0 };
    let end = 0;
    for (const map of this.maps) {
      end += map.minutes;
      if (end > minute) break;
      if (map.winner === 'HOME') score.home++;
      else score.away++;
      end += MAP_BREAK_MINUTES;
    }
    return score;
  }

  /** Minutes from the start to the end of the last map. */
  get duration(): number {
    return this.maps.reduce((sum, m) => sum + m.minutes, 0) + (this.maps.length - 1) * MAP_BREAK_MINUTES;
  }

  get finalScore(): Score {
    return this.scoreAt(this.duration);
  }
}

/** Draws a best-of-3: per map, the winner (first team with `mapProbability`) then its duration. */
export function simulateEsportsMatch(rng: Rng, mapProbability: number, game: EsportsGame): EsportsTimeline {
  if (!(mapProbability >= 0 && mapProbability <= 1)) throw new RangeError('mapProbability must be in [0, 1]');
  const [shortest, longest] = MAP_MINUTES[game];
  const maps: MapResult[] = [];
  let home = 0;
  let away = 0;
  while (home < MAPS_TO_WIN && away < MAPS_TO_WIN) {
    const winner: Side = uniform(rng) < mapProbability ? 'HOME' : 'AWAY';
    if (winner === 'HOME') home++;
    else away++;
    maps.push({ winner, minutes: shortest + rng.int(longest - shortest + 1) });
  }
  return new EsportsTimeline(maps);
}
