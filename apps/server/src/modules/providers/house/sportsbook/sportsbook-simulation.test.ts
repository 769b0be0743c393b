import { describe, expect, it } from 'vitest';
import type { MarketType } from './pricing';
import { seededRng } from './random';
import { SPORTSBOOK_FIGURES } from './sportsbook-figures';
import { exactReturn, simulation, SPORTSBOOK_SIMULATIONS } from './sportsbook-simulation';
import { SIMULATION_TEST_SE } from '../game-simulation';

const TYPES: MarketType[] = [
  'MATCH_RESULT',
  'HANDICAP',
  'TOTAL_GOALS',
  'MATCH_WINNER',
  'MAP_HANDICAP',
  'TOTAL_MAPS',
];

describe('sportsbook published figures', () => {
  it('are the exact expected returns of the reference price list, rounded to 0.01%', () => {
    for (const t of TYPES) {
      expect(SPORTSBOOK_FIGURES[t].rtp).toBe(Math.round(exactReturn(t) * 10_000) / 100);
      expect(SPORTSBOOK_FIGURES[t].margin).toBeCloseTo(100 - SPORTSBOOK_FIGURES[t].rtp, 6);
      // The 5% overround less what rounding the odds down to a hundredth keeps.
      expect(SPORTSBOOK_FIGURES[t].rtp).toBeGreaterThan(94.5);
      expect(SPORTSBOOK_FIGURES[t].rtp).toBeLessThan(100 / 1.05);
    }
  });

  it('one simulation per market type, a million rounds each by default', () => {
    expect(SPORTSBOOK_SIMULATIONS.map((s) => s.name)).toHaveLength(6);
    for (const s of SPORTSBOOK_SIMULATIONS) expect(s.rounds).toBeGreaterThanOrEqual(1_000_000);
  });

  for (const t of TYPES) {
    it(`${t}: 200,000 simulated singles return the published figure within 5 standard errors`, () => {
      const sim = simulation(t, 200_000);
      const rng = seededRng(`sportsbook-sim-${t}`);
      let sum = 0;
      let squares = 0;
      for (let i = 0; i < sim.rounds; i++) {
        const r = sim.playRound(rng);
        sum += r;
        squares += r * r;
      }
      const mean = sum / sim.rounds;
      const se = Math.sqrt((squares / sim.rounds - mean * mean) / sim.rounds);
      expect(Math.abs(mean - sim.publishedRtp)).toBeLessThan(SIMULATION_TEST_SE * se);
      // A round that returned nothing (or everything) would be a broken simulation.
      expect(se).toBeGreaterThan(0.001);
    });
  }
});
