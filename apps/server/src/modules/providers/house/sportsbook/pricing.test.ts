import { describe, expect, it } from 'vitest';
import { generateFixtures } from './fixtures';
import {
  bestOfThreeFinals,
  DEFAULT_MARGIN,
  esportsMarkets,
  fixtureMarkets,
  footballExpectedGoals,
  footballMarkets,
  mapWinProbability,
  MAX_ODDS,
  MIN_ODDS,
  oddsFromProbability,
  priceFixture,
  priceMarket,
  probabilityOf,
  selectionKey,
  type FairMarket,
  type PricedMarket,
} from './pricing';

const fixtures = generateFixtures({
  seed: 'pricing',
  from: '2025-03-01',
  to: '2025-03-14',
  timeZone: 'Asia/Manila',
});
const football = fixtures.filter((f) => f.sport === 'FOOTBALL');
const esports = fixtures.filter((f) => f.sport === 'ESPORTS');

const sum = (market: FairMarket) => market.outcomes.reduce((s, o) => s + o.probability, 0);
const p = (markets: FairMarket[], key: string) => {
  for (const m of markets)
    for (const o of m.outcomes) if (selectionKey(o.selection) === key) return o.probability;
  throw new Error(`no ${key}`);
};
/** Poisson(mean) P(X <= k). */
const poissonCdf = (mean: number, k: number) => {
  let term = Math.exp(-mean);
  let total = term;
  for (let i = 1; i <= k; i++) total += term *= mean / i;
  return total;
};

describe('football model', () => {
  it('equal teams: expected goals 1.512 at home and 1.205 away (1.35 × 1.12 and 1.35 / 1.12)', () => {
    const xg = footballExpectedGoals(70, 70);
    expect(xg.home).toBeCloseTo(1.512, 12);
    expect(xg.away).toBeCloseTo(1.35 / 1.12, 12);
  });

  it('a rating edge of 20 multiplies home goals by e^0.4 and divides away goals by it', () => {
    const even = footballExpectedGoals(70, 70);
    const edge = footballExpectedGoals(80, 60);
    expect(edge.home / even.home).toBeCloseTo(Math.exp(0.4), 12);
    expect(even.away / edge.away).toBeCloseTo(Math.exp(0.4), 12);
  });

  it('every market sums to 1 within 1e-9 before margin (every fixture of 14 days, pre-match and in play)', () => {
    const states = [
      { minute: 0, home: 0, away: 0 },
      { minute: 37, home: 1, away: 0 },
      { minute: 60, home: 2, away: 2 },
      { minute: 89, home: 0, away: 3 },
      { minute: 90, home: 1, away: 1 },
    ];
    let markets = 0;
    const bad: string[] = [];
    for (const f of fixtures) {
      const list =
        f.sport === 'FOOTBALL'
          ? states.flatMap((s) => footballMarkets(footballExpectedGoals(f.home.strength, f.away.strength), s))
          : [
              { home: 0, away: 0 },
              { home: 1, away: 0 },
              { home: 1, away: 1 },
            ].flatMap((s) => esportsMarkets(mapWinProbability(f.home.strength, f.away.strength), s));
      for (const m of list) {
        if (!(Math.abs(sum(m) - 1) < 1e-9)) bad.push(`${f.id} ${m.key} sums to ${sum(m)}`);
        for (const o of m.outcomes) {
          if (!(o.probability >= -1e-12 && o.probability <= 1 + 1e-12))
            bad.push(`${f.id} ${m.key} ${o.probability}`);
        }
        markets++;
      }
    }
    expect(bad).toEqual([]);
    expect(markets).toBeGreaterThan(5_000);
  });

  it('totals: under 1.5/2.5/3.5 equal the Poisson(λh + λa) cdf at 1, 2, 3 (λ 1.6 + 1.1: under 2.5 = 0.4936)', () => {
    const markets = footballMarkets({ home: 1.6, away: 1.1 });
    expect(p(markets, 'TOTAL_GOALS/1.5/UNDER')).toBeCloseTo(poissonCdf(2.7, 1), 12);
    expect(p(markets, 'TOTAL_GOALS/2.5/UNDER')).toBeCloseTo(poissonCdf(2.7, 2), 12);
    expect(p(markets, 'TOTAL_GOALS/2.5/UNDER')).toBeCloseTo(0.4936, 4);
    expect(p(markets, 'TOTAL_GOALS/3.5/OVER')).toBeCloseTo(1 - poissonCdf(2.7, 3), 12);
  });

  it('handicaps: -0.5 HOME = home win, +0.5 HOME = home win or draw, -1.5 HOME = win by 2+, +1.5 AWAY = away by 2+', () => {
    const xg = { home: 1.6, away: 1.1 };
    const markets = footballMarkets(xg);
    const home = p(markets, 'MATCH_RESULT/HOME');
    const draw = p(markets, 'MATCH_RESULT/DRAW');
    expect(p(markets, 'HANDICAP/-0.5/HOME')).toBeCloseTo(home, 12);
    expect(p(markets, 'HANDICAP/0.5/HOME')).toBeCloseTo(home + draw, 12);
    // Direct sums over the score grid, independent of footballMarkets.
    const pmf = (m: number, k: number) => (Math.exp(-m) * m ** k) / [1, 1, 2, 6, 24, 120, 720, 5040][k]!;
    let byTwo = 0;
    let awayByTwo = 0;
    for (let i = 0; i < 8; i++) {
      for (let j = 0; j < 8; j++) {
        if (i - j >= 2) byTwo += pmf(1.6, i) * pmf(1.1, j);
        if (j - i >= 2) awayByTwo += pmf(1.6, i) * pmf(1.1, j);
      }
    }
    expect(p(markets, 'HANDICAP/-1.5/HOME')).toBeCloseTo(byTwo, 3);
    expect(p(markets, 'HANDICAP/1.5/AWAY')).toBeCloseTo(awayByTwo, 3);
  });

  it('home advantage: equal teams make the home side favourite (about 42% home, 26% draw, 32% away)', () => {
    const markets = footballMarkets(footballExpectedGoals(70, 70));
    expect(p(markets, 'MATCH_RESULT/HOME')).toBeGreaterThan(p(markets, 'MATCH_RESULT/AWAY'));
    expect(p(markets, 'MATCH_RESULT/HOME')).toBeCloseTo(0.42, 1);
    expect(p(markets, 'MATCH_RESULT/DRAW')).toBeCloseTo(0.26, 1);
  });

  it('in play at minute 90 the score decides: 2-1 makes HOME, -0.5 HOME and OVER 2.5 certain', () => {
    const markets = footballMarkets({ home: 1.5, away: 1.2 }, { minute: 90, home: 2, away: 1 });
    expect(p(markets, 'MATCH_RESULT/HOME')).toBe(1);
    expect(p(markets, 'HANDICAP/-0.5/HOME')).toBe(1);
    expect(p(markets, 'HANDICAP/-1.5/HOME')).toBe(0);
    expect(p(markets, 'TOTAL_GOALS/2.5/OVER')).toBe(1);
    expect(priceMarket(markets[0]!).decided).toBe(true);
  });

  it('in play at minute 45 and 1-0 the rest of the match uses half the expected goals', () => {
    const markets = footballMarkets({ home: 1.6, away: 1.2 }, { minute: 45, home: 1, away: 0 });
    // Over 1.5 needs at least one more goal: 1 - P(Poisson(1.4) = 0).
    expect(p(markets, 'TOTAL_GOALS/1.5/OVER')).toBeCloseTo(1 - Math.exp(-1.4), 12);
    // The away side needs 2 or more goals more than the home side in the second half.
    expect(p(markets, 'MATCH_RESULT/HOME')).toBeGreaterThan(0.6);
  });
});

describe('esports best of 3', () => {
  it('equal teams: map 0.5, match 0.5, 2-0 0.25, three maps 0.5', () => {
    const pMap = mapWinProbability(75, 75);
    expect(pMap).toBe(0.5);
    const markets = esportsMarkets(pMap);
    expect(p(markets, 'MATCH_WINNER/HOME')).toBeCloseTo(0.5, 12);
    expect(p(markets, 'MAP_HANDICAP/-1.5/HOME')).toBeCloseTo(0.25, 12);
    expect(p(markets, 'TOTAL_MAPS/2.5/OVER')).toBeCloseTo(0.5, 12);
  });

  it('map 0.6: match 0.648 = p²(3 − 2p), -1.5 HOME 0.36 = p², +1.5 HOME 0.84 = 1 − (1−p)², 3 maps 0.48 = 2p(1−p)', () => {
    const markets = esportsMarkets(0.6);
    expect(p(markets, 'MATCH_WINNER/HOME')).toBeCloseTo(0.648, 12);
    expect(p(markets, 'MAP_HANDICAP/-1.5/HOME')).toBeCloseTo(0.36, 12);
    expect(p(markets, 'MAP_HANDICAP/1.5/HOME')).toBeCloseTo(0.84, 12);
    expect(p(markets, 'MAP_HANDICAP/1.5/AWAY')).toBeCloseTo(0.16, 12);
    expect(p(markets, 'TOTAL_MAPS/2.5/OVER')).toBeCloseTo(0.48, 12);
  });

  it('between maps at 1-0 with map 0.6: the match is won with p + (1 − p)p = 0.84 and goes to 3 maps with 0.4', () => {
    const markets = esportsMarkets(0.6, { home: 1, away: 0 });
    expect(p(markets, 'MATCH_WINNER/HOME')).toBeCloseTo(0.84, 12);
    expect(p(markets, 'TOTAL_MAPS/2.5/OVER')).toBeCloseTo(0.4, 12);
    expect(
      bestOfThreeFinals(0.6, { home: 1, away: 0 })
        .map((f) => `${f.home}:${f.away}`)
        .sort(),
    ).toEqual(['1:2', '2:0', '2:1']);
    expect(() => bestOfThreeFinals(0.6, { home: 3, away: 0 })).toThrow(RangeError);
  });

  it('60 rating points make one map 10:1 (p = 10/11); the stronger team is favourite', () => {
    expect(mapWinProbability(90, 30)).toBeCloseTo(10 / 11, 12);
    expect(mapWinProbability(60, 90)).toBeCloseTo(1 / (1 + 10 ** 0.5), 12);
  });
});

describe('odds', () => {
  it('p = 0.5 at 5% margin is 1.90 (1 / (0.5 × 1.05) = 1.9047…, rounded down): 1900', () => {
    expect(oddsFromProbability(0.5)).toBe(1900);
  });

  it('p = 0.25 at 5% is 3.80 (3.8095…); p = 1/3 is 2.85 (2.857…); p = 0.1 is 9.52 (9.5238…)', () => {
    expect(oddsFromProbability(0.25)).toBe(3800);
    expect(oddsFromProbability(1 / 3)).toBe(2850);
    expect(oddsFromProbability(0.1)).toBe(9520);
  });

  it('float noise does not cost a hundredth: p = 1/2.1 at 0% is 2.10, p = 0.5 at 0% is 2.00', () => {
    expect(oddsFromProbability(1 / 2.1, 0)).toBe(2100);
    expect(oddsFromProbability(0.5, 0)).toBe(2000);
  });

  it('never below 1.01 (p = 0.97 at 5% would be 0.98) nor above 1000.00 (p = 0.0001, or 0)', () => {
    expect(oddsFromProbability(0.97)).toBe(MIN_ODDS);
    expect(oddsFromProbability(1)).toBe(MIN_ODDS);
    expect(oddsFromProbability(0.0001)).toBe(MAX_ODDS);
    expect(oddsFromProbability(0)).toBe(MAX_ODDS);
  });

  it('rejects a probability outside [0, 1] and a margin outside [0, 1)', () => {
    for (const bad of [-0.1, 1.1, Number.NaN]) expect(() => oddsFromProbability(bad)).toThrow(RangeError);
    for (const bad of [-0.01, 1, Number.NaN]) expect(() => oddsFromProbability(0.5, bad)).toThrow(RangeError);
  });

  it('offered odds are multiples of 0.01 between 1.01 and 1000.00, and the favourite has the lowest odds', () => {
    for (const f of fixtures) {
      for (const m of priceFixture(f)) {
        for (const o of m.outcomes) {
          expect(Number.isInteger(o.odds) && o.odds % 10 === 0).toBe(true);
          expect(o.odds >= MIN_ODDS && o.odds <= MAX_ODDS).toBe(true);
        }
        const [a, b] = m.outcomes;
        if (a!.probability > b!.probability) expect(a!.odds).toBeLessThanOrEqual(b!.odds);
      }
    }
  });

  /** The overround of a priced market and the most that rounding down to 0.01 can add to 1 + margin. */
  const overround = (m: PricedMarket) => ({
    value: m.outcomes.reduce((s, o) => s + 1000 / o.odds, 0),
    roundingSlack: m.outcomes.reduce((s, o) => s + 1000 / o.odds - 1000 / (o.odds + 10), 0),
    clamped: m.outcomes.some((o) => o.odds === MIN_ODDS || o.odds === MAX_ODDS),
  });

  it.each([0, 0.025, DEFAULT_MARGIN, 0.08])(
    'margin %s: every unclamped market prices to an overround of 1 + margin, within the rounding of its odds',
    (margin) => {
      let checked = 0;
      for (const f of [...football, ...esports]) {
        for (const m of priceFixture(f, margin)) {
          const r = overround(m);
          if (r.clamped) continue;
          expect(r.value).toBeGreaterThanOrEqual(1 + margin - 1e-12);
          expect(r.value).toBeLessThanOrEqual(1 + margin + r.roundingSlack + 1e-12);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(1_500);
    },
  );

  it('1X2 of an even match at 5%: 42/26/32% priced so that 1/odds sum to 1.05 plus at most 0.01', () => {
    const market = priceMarket(footballMarkets(footballExpectedGoals(70, 70))[0]!);
    const r = overround(market);
    expect(r.value).toBeGreaterThanOrEqual(1.05);
    expect(r.value).toBeLessThan(1.06);
  });

  it('probabilityOf finds a selection and refuses one the markets do not offer', () => {
    const markets = fixtureMarkets(football[0]!);
    expect(probabilityOf(markets, { market: 'TOTAL_GOALS', line: 2.5, pick: 'OVER' })).toBe(
      p(markets, 'TOTAL_GOALS/2.5/OVER'),
    );
    expect(() => probabilityOf(markets, { market: 'MATCH_WINNER', pick: 'HOME' })).toThrow(RangeError);
  });
});
