import { describe, expect, it } from 'vitest';
import { generateFixtures } from './fixtures';
import { simulateFootballMatch } from './match-sim';
import { DEFAULT_MARGIN, footballExpectedGoals, footballMarkets, priceMarket } from './pricing';
import { seededRng } from './random';
import { payoutFor, settleSelection } from './settlement';

/**
 * End to end: fixtures → model → simulated matches → settlement. If the simulation plays matches
 * exactly as the model prices them, odds of fair × (1 − margin) must leave the house that margin.
 */
describe('the bookmaker margin, measured over simulated matches', () => {
  it('200,000 football matches, 100.00 on each of 1, X and 2 at fair odds × 0.95: the house keeps 5% ± 0.5 pp', () => {
    const margin = DEFAULT_MARGIN;
    const fixtures = generateFixtures({
      seed: 'margin-simulation',
      from: '2025-01-01',
      to: '2025-01-31',
      timeZone: 'Asia/Manila',
    }).filter((f) => f.sport === 'FOOTBALL');
    const books = fixtures.map((f) => {
      const goals = footballExpectedGoals(f.home.strength, f.away.strength);
      const oneXTwo = footballMarkets(goals)[0]!;
      return {
        goals,
        // Thousandths rounded down (a rounding worth < 0.05 pp here), as integer odds must be.
        fair: oneXTwo.outcomes.map((o) => ({
          selection: o.selection,
          odds: Math.floor((1000 * (1 - margin)) / o.probability),
        })),
        // The odds the house would really offer (proportional margin, rounded down to 0.01).
        offered: priceMarket(oneXTwo, margin).outcomes.map((o) => o.odds),
      };
    });
    for (const b of books) for (const o of b.fair) expect(o.odds).toBeGreaterThanOrEqual(1000);

    const rng = seededRng('margin-simulation');
    // 100.00: rounding a payout down to the cent costs under 0.005 pp at this stake (at 1.00 it would
    // cost about 0.17 pp, a bias that has nothing to do with the model).
    const stake = 10_000n;
    const matches = 200_000;
    let staked = 0n;
    let paidFair = 0n;
    let paidOffered = 0n;
    for (let m = 0; m < matches; m++) {
      const book = books[m % books.length]!;
      const final = simulateFootballMatch(rng, book.goals).finalScore;
      const result = { status: 'FINISHED', home: final.home, away: final.away } as const;
      book.fair.forEach((o, i) => {
        staked += stake;
        if (settleSelection(o.selection, result) === 'WON') {
          paidFair += payoutFor(stake, [o.odds]);
          paidOffered += payoutFor(stake, [book.offered[i]!]);
        }
      });
    }
    const measured = 1 - Number(paidFair) / Number(staked);
    // Computed from these fixtures' probabilities, the measured margin's standard deviation over
    // 200,000 matches is about 0.11 pp (and rounding the odds to thousandths adds 0.016 pp): a
    // miss of 0.5 pp would mean the simulation does not play the model.
    expect(Math.abs(measured - margin)).toBeLessThan(0.005);
    // The real price list holds 1 − 1/1.05 = 4.76% plus what rounding down to 0.01 adds.
    const offeredHold = 1 - Number(paidOffered) / Number(staked);
    expect(offeredHold).toBeGreaterThan(1 - 1 / (1 + margin) - 0.005);
    expect(offeredHold).toBeLessThan(1 - 1 / (1 + margin) + 0.01);
  });
});
