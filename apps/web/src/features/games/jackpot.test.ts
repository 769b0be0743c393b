import { JACKPOT_STEP_MS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { countUp, counterTarget, figureOf, JACKPOT_STEP_MINOR, msToNextStep } from './jackpot';

const at = Date.UTC(2025, 0, 6, 12);
/** A figure as the server answers it: pool 12,345.67, the spec's step, this much lead. */
const figure = (lead: number, amount = 12_345.67) =>
  figureOf({ amount, lead, step: 165.11, stepMs: JACKPOT_STEP_MS }, at);

describe('jackpot counter', () => {
  it('starts at the real figure and steps by 165.11 every 3 seconds', () => {
    const f = figure(1000);
    expect(JACKPOT_STEP_MINOR).toBe(16511);
    expect(counterTarget(f, at)).toBe(1_234_567);
    expect(counterTarget(f, at + JACKPOT_STEP_MS - 1)).toBe(1_234_567);
    expect(counterTarget(f, at + JACKPOT_STEP_MS)).toBe(1_234_567 + 16511);
    expect(counterTarget(f, at + 5 * JACKPOT_STEP_MS + 5)).toBe(1_234_567 + 5 * 16511);
  });

  it('never runs further ahead of the real figure than its lead', () => {
    const f = figure(400);
    expect(counterTarget(f, at + 2 * JACKPOT_STEP_MS)).toBe(1_234_567 + 2 * 16511);
    // The third step would pass 400.00 ahead: it stops at the lead.
    expect(counterTarget(f, at + 3 * JACKPOT_STEP_MS)).toBe(1_234_567 + 40_000);
    expect(counterTarget(f, at + 60 * JACKPOT_STEP_MS)).toBe(1_234_567 + 40_000);
    // A pool that did not grow of late: the counter stands still on the real figure.
    expect(counterTarget(figure(0), at + 10 * JACKPOT_STEP_MS)).toBe(1_234_567);
  });

  it('tells the time to the next step, and none once the lead is run', () => {
    const f = figure(400);
    expect(msToNextStep(f, at)).toBe(JACKPOT_STEP_MS);
    expect(msToNextStep(f, at + 1000)).toBe(2000);
    expect(msToNextStep(f, at + 2 * JACKPOT_STEP_MS + 1)).toBe(JACKPOT_STEP_MS - 1);
    expect(msToNextStep(f, at + 3 * JACKPOT_STEP_MS)).toBeNull();
    expect(msToNextStep(figure(0), at)).toBeNull();
    // A clock that went back since the figure arrived waits a whole step, no more.
    expect(msToNextStep(f, at - 5000)).toBe(JACKPOT_STEP_MS);
  });

  it('counts up or down to a new figure (a win resets the pool), with an ease-out', () => {
    expect(countUp(100, 200, 0)).toBe(100);
    expect(countUp(100, 200, 1)).toBe(200);
    expect(countUp(100, 200, 2)).toBe(200);
    expect(countUp(100, 200, 0.5)).toBeGreaterThan(150);
    // After a win: from well above down to the seed.
    expect(countUp(2_500_000, 500_000, 1)).toBe(500_000);
    expect(countUp(2_500_000, 500_000, 0.5)).toBeLessThan(1_500_000);
  });

  it('reads the answer’s amounts as whole minor units and falls back to the spec’s step', () => {
    const f = figureOf({ amount: 5000.1, lead: 0.29, step: 0, stepMs: 0 }, at);
    expect(f).toMatchObject({
      amountMinor: 500_010,
      leadMinor: 29,
      stepMinor: 16511,
      stepMs: JACKPOT_STEP_MS,
    });
  });
});
