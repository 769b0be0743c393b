import type { GameSimulation } from '../game-simulation';
import type { Rng } from '../secure-rng';
import { generateFixtures, type Fixture } from './fixtures';
import { simulateEsportsMatch, simulateFootballMatch } from './match-sim';
import { matchView } from './match-state';
import { footballExpectedGoals, mapWinProbability, type MarketType, type Selection } from './pricing';
import { SPORTSBOOK_FIGURES } from './sportsbook-figures';
import { payoutFor, settleSelection } from './settlement';

/**
 * The sportsbook's published figures (the return of singles per market type) measured by playing
 * the engine's own code: the pre-match price list of a reference fixture list (4 weeks, every
 * league), the match simulation that decides real matches, and the settlement of singles.
 *
 * A round picks a fixture, one of its offered (not suspended) markets of the type and one outcome
 * of it, all uniformly, stakes 100.00 at the offered odds and settles it against a simulated match.
 */

const REFERENCE = {
  seed: 'sportsbook-reference',
  from: '2025-01-01',
  to: '2025-01-28',
  timeZone: 'Asia/Manila',
};
/** 100.00 in minor units: odds are whole hundredths, so a payout at this stake is never rounded. */
const STAKE = 10_000n;

interface Book {
  fixture: Fixture;
  /** Offered outcomes by market: [market][outcome]. */
  markets: { selection: Selection; odds: number; probability: number }[][];
}

const booksByType = new Map<MarketType, Book[]>();

/** The reference fixtures' offered pre-match markets of one type (fixtures offering none left out). */
function referenceBooks(type: MarketType): Book[] {
  let books = booksByType.get(type);
  if (!books) {
    books = [];
    for (const fixture of generateFixtures(REFERENCE)) {
      const view = matchView(fixture, null, new Date(fixture.kickOff.getTime() - 1));
      const markets = view.markets
        .filter((m) => !m.suspended && m.outcomes[0]!.selection.market === type)
        .map((m) =>
          m.outcomes.map((o) => ({ selection: o.selection, odds: o.odds, probability: o.probability })),
        );
      if (markets.length > 0) books.push({ fixture, markets });
    }
    booksByType.set(type, books);
  }
  return books;
}

/** The exact expected return of the round `simulation(type)` plays (model probabilities × odds). */
export function exactReturn(type: MarketType): number {
  const books = referenceBooks(type);
  let sum = 0;
  for (const b of books) {
    let fixtureSum = 0;
    for (const m of b.markets) {
      let marketSum = 0;
      for (const o of m) marketSum += (o.probability * o.odds) / 1000;
      fixtureSum += marketSum / m.length;
    }
    sum += fixtureSum / b.markets.length;
  }
  return sum / books.length;
}

function playSingle(rng: Rng, type: MarketType): number {
  const books = referenceBooks(type);
  const book = books[rng.int(books.length)]!;
  const market = book.markets[rng.int(book.markets.length)]!;
  const outcome = market[rng.int(market.length)]!;
  const f = book.fixture;
  const score =
    f.sport === 'FOOTBALL'
      ? simulateFootballMatch(rng, footballExpectedGoals(f.home.strength, f.away.strength)).finalScore
      : simulateEsportsMatch(rng, mapWinProbability(f.home.strength, f.away.strength), f.game ?? 'MOBA')
          .finalScore;
  const won = settleSelection(outcome.selection, { status: 'FINISHED', ...score }) === 'WON';
  return won ? Number(payoutFor(STAKE, [outcome.odds])) / Number(STAKE) : 0;
}

const NAMES: Record<MarketType, string> = {
  MATCH_RESULT: 'Sportsbook: football 1X2 singles',
  HANDICAP: 'Sportsbook: football handicap singles',
  TOTAL_GOALS: 'Sportsbook: football over/under singles',
  MATCH_WINNER: 'Sportsbook: esports match winner singles',
  MAP_HANDICAP: 'Sportsbook: esports map handicap singles',
  TOTAL_MAPS: 'Sportsbook: esports total maps singles',
};

export function simulation(type: MarketType, rounds = 1_000_000): GameSimulation {
  return {
    name: NAMES[type],
    publishedRtp: SPORTSBOOK_FIGURES[type].rtp / 100,
    rounds,
    playRound: (rng) => playSingle(rng, type),
  };
}

export const SPORTSBOOK_SIMULATIONS: GameSimulation[] = (Object.keys(NAMES) as MarketType[]).map((t) =>
  simulation(t),
);
