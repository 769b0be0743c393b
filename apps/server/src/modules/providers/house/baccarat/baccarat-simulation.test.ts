import { describe, expect, it } from 'vitest';
import { SecureRng } from '../secure-rng';
import { publishedBaccaratFigures } from './baccarat-bets';
import { BACCARAT_SIMULATIONS } from './baccarat-simulation';
import { SIMULATION_TEST_SE } from '../game-simulation';

const ROUNDS = 200_000;

describe('baccarat simulation', () => {
  it('has one entry per bet, each with its exact published return', () => {
    const f = publishedBaccaratFigures();
    expect(BACCARAT_SIMULATIONS.map((s) => s.name)).toHaveLength(5);
    expect(BACCARAT_SIMULATIONS[1]!.publishedRtp).toBeCloseTo(1 - f.houseEdge.BANKER.precise / 100, 8);
    expect(BACCARAT_SIMULATIONS[0]!.publishedRtp).toBeCloseTo(0.98764, 4);
    for (const s of BACCARAT_SIMULATIONS) expect(s.rounds).toBeGreaterThanOrEqual(1_000_000);
  });

  it.each(BACCARAT_SIMULATIONS.map((s) => [s.name, s] as const))(
    '%s: 200,000 rounds land within 5 standard errors of the published RTP',
    (_name, sim) => {
      const rng = new SecureRng();
      let sum = 0;
      let sumSq = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const r = sim.playRound(rng);
        sum += r;
        sumSq += r * r;
      }
      const mean = sum / ROUNDS;
      const se = Math.sqrt((sumSq / ROUNDS - mean * mean) / ROUNDS);
      expect(se).toBeGreaterThan(0);
      expect(
        Math.abs(mean - sim.publishedRtp),
        `measured ${mean}, published ${sim.publishedRtp}, se ${se}`,
      ).toBeLessThan(SIMULATION_TEST_SE * se);
    },
  );
});
