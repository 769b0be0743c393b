import type { Rng } from '../secure-rng';
import type { Fixture } from './fixtures';
import {
  EsportsTimeline,
  FootballTimeline,
  footballClock,
  MAP_BREAK_MINUTES,
  simulateEsportsMatch,
  simulateFootballMatch,
  type GoalEvent,
  type MapResult,
  type Score,
} from './match-sim';
import {
  DEFAULT_MARGIN,
  esportsMarkets,
  FOOTBALL_MINUTES,
  footballExpectedGoals,
  footballMarkets,
  mapWinProbability,
  priceMarket,
  selectionKey,
  type FairMarket,
  type PricedMarket,
  type Selection,
} from './pricing';

/**
 * Where a house match stands at an instant, and what is offered on it then (pure: the service
 * supplies the stored timeline and the clock).
 *
 * A match's timeline (goals with their minutes, or maps with winners and durations) is drawn once
 * with SecureRng when the match kicks off and stored; the score shown at any instant is read from
 * it, so every server process shows the same score at the same time. Prices never look at the
 * timeline: they come from the model and the public state (minute and score), so the stored
 * future is never priced in.
 */

/** What the service stores for a match once it has kicked off. */
export type StoredTimeline =
  { sport: 'FOOTBALL'; goals: GoalEvent[] } | { sport: 'ESPORTS'; maps: MapResult[] };

/**
 * A market is offered only while none of its outcomes is more likely than this. Beyond it the
 * offered odds would reach the 1.01 floor, where the margin no longer holds (a near-certain
 * selection at 1.01 would pay back more than it costs): such markets are suspended.
 */
export const MAX_OFFERED_PROBABILITY = 0.94;

/** Minutes on the wall clock from kick-off to full time: 45 + 15 (half time) + 45. */
const FOOTBALL_WALL_MINUTES = FOOTBALL_MINUTES + 15;

export type MatchStatus = 'PRE_MATCH' | 'LIVE' | 'FINISHED' | 'CANCELLED';

export interface OfferedMarket extends PricedMarket {
  /** True when the market is shown but takes no bets (decided or too one-sided). */
  suspended: boolean;
}

export interface MatchView {
  status: MatchStatus;
  /**
   * Football: the match minute (0..90; 45 through half time). Esports: the map being played
   * (1..3), or the next map during a break.
   */
  minute: number;
  /** FIRST_HALF, HALF_TIME, SECOND_HALF, FULL_TIME; MAP, BREAK for esports; null before and after. */
  phase: 'FIRST_HALF' | 'HALF_TIME' | 'SECOND_HALF' | 'MAP' | 'BREAK' | null;
  /** Goals or maps won so far (null before kick-off or when cancelled). */
  score: Score | null;
  /** Fair markets for the state (pre-match or in play); empty once finished or cancelled. */
  fair: FairMarket[];
  /** Offered markets with odds; empty once finished or cancelled. */
  markets: OfferedMarket[];
}

/** Draws a match's timeline. WARNING: pass SecureRng for a real match; a seeded Rng is for tests. */
export function decideTimeline(rng: Rng, fixture: Fixture): StoredTimeline {
  if (fixture.sport === 'FOOTBALL') {
    const goals = footballExpectedGoals(fixture.home.strength, fixture.away.strength);
    return { sport: 'FOOTBALL', goals: [...simulateFootballMatch(rng, goals).goals] };
  }
  const p = mapWinProbability(fixture.home.strength, fixture.away.strength);
  return { sport: 'ESPORTS', maps: [...simulateEsportsMatch(rng, p, fixture.game ?? 'MOBA').maps] };
}

/** Minutes from kick-off to the end of the match (football 105 on the clock; esports all maps). */
export function matchMinutes(timeline: StoredTimeline): number {
  return timeline.sport === 'FOOTBALL' ? FOOTBALL_WALL_MINUTES : new EsportsTimeline(timeline.maps).duration;
}

export function finalScore(timeline: StoredTimeline): Score {
  return timeline.sport === 'FOOTBALL'
    ? new FootballTimeline(timeline.goals).finalScore
    : new EsportsTimeline(timeline.maps).finalScore;
}

function offer(fair: FairMarket[], margin: number): OfferedMarket[] {
  return fair.map((m) => {
    const priced = priceMarket(m, margin);
    const suspended = priced.decided || m.outcomes.some((o) => o.probability > MAX_OFFERED_PROBABILITY);
    return { ...priced, suspended };
  });
}

/** Pre-match fair markets of a fixture (the model at kick-off). */
function preMatchMarkets(fixture: Fixture): FairMarket[] {
  return fixture.sport === 'FOOTBALL'
    ? footballMarkets(footballExpectedGoals(fixture.home.strength, fixture.away.strength))
    : esportsMarkets(mapWinProbability(fixture.home.strength, fixture.away.strength));
}

/**
 * The match at `now`. `timeline` must be given once the match has kicked off (the service decides
 * it first); before kick-off it is ignored.
 */
export function matchView(
  fixture: Fixture,
  timeline: StoredTimeline | null,
  now: Date,
  options: { cancelled?: boolean; margin?: number } = {},
): MatchView {
  const margin = options.margin ?? DEFAULT_MARGIN;
  if (options.cancelled)
    return { status: 'CANCELLED', minute: 0, phase: null, score: null, fair: [], markets: [] };
  const elapsedMs = now.getTime() - fixture.kickOff.getTime();
  if (elapsedMs < 0) {
    const fair = preMatchMarkets(fixture);
    return { status: 'PRE_MATCH', minute: 0, phase: null, score: null, fair, markets: offer(fair, margin) };
  }
  if (!timeline) throw new RangeError(`Match ${fixture.id} has kicked off without a timeline`);
  if (timeline.sport === 'FOOTBALL') {
    const clock = footballClock(fixture.kickOff, now);
    const line = new FootballTimeline(timeline.goals);
    if (clock.phase === 'FULL_TIME') {
      return {
        status: 'FINISHED',
        minute: FOOTBALL_MINUTES,
        phase: null,
        score: line.finalScore,
        fair: [],
        markets: [],
      };
    }
    const score = line.scoreAt(clock.minute);
    const goals = footballExpectedGoals(fixture.home.strength, fixture.away.strength);
    const fair = footballMarkets(goals, { minute: clock.minute, ...score });
    const phase = clock.phase === 'NOT_STARTED' ? 'FIRST_HALF' : clock.phase;
    return { status: 'LIVE', minute: clock.minute, phase, score, fair, markets: offer(fair, margin) };
  }
  const line = new EsportsTimeline(timeline.maps);
  const elapsed = Math.floor(elapsedMs / 60_000);
  if (elapsed >= line.duration) {
    return {
      status: 'FINISHED',
      minute: line.maps.length,
      phase: null,
      score: line.finalScore,
      fair: [],
      markets: [],
    };
  }
  // Which map is on: walk the maps and their breaks.
  let start = 0;
  let map = 1;
  let phase: 'MAP' | 'BREAK' = 'MAP';
  for (const m of line.maps) {
    if (elapsed < start + m.minutes) break;
    start += m.minutes;
    map++;
    phase = 'BREAK';
    if (elapsed < start + MAP_BREAK_MINUTES) break;
    start += MAP_BREAK_MINUTES;
    phase = 'MAP';
  }
  const score = line.scoreAt(elapsed);
  const fair = esportsMarkets(mapWinProbability(fixture.home.strength, fixture.away.strength), score);
  return { status: 'LIVE', minute: map, phase, score, fair, markets: offer(fair, margin) };
}

/** The offered odds of one selection in a view, or null when it is not offered or suspended. */
export function offeredOdds(view: MatchView, selection: Selection): number | null {
  const key = selectionKey(selection);
  for (const m of view.markets) {
    for (const o of m.outcomes) {
      if (selectionKey(o.selection) === key) return m.suspended ? null : o.odds;
    }
  }
  return null;
}

/** The fair probability of one selection now, or null when the view has no such market. */
export function fairProbability(view: MatchView, selection: Selection): number | null {
  const key = selectionKey(selection);
  for (const m of view.fair)
    for (const o of m.outcomes) if (selectionKey(o.selection) === key) return o.probability;
  return null;
}
