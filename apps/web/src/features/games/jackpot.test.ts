import { JACKPOT_STEP_MS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  countUp,
  JACKPOT_BASE_MINOR,
  JACKPOT_PERIOD_MS,
  JACKPOT_STEP_MINOR,
  jackpotMinorAt,
  msToNextStep,
} from './jackpot';

const monday = Date.UTC(2025, 0, 6); // a Monday, 00:00 UTC

describe('jackpot', () => {
  it('steps by 165.11 every 3 seconds', () => {
    expect(JACKPOT_STEP_MINOR).toBe(16511);
    expect(jackpotMinorAt(monday)).toBe(JACKPOT_BASE_MINOR);
    expect(jackpotMinorAt(monday + JACKPOT_STEP_MS - 1)).toBe(JACKPOT_BASE_MINOR);
    expect(jackpotMinorAt(monday + JACKPOT_STEP_MS)).toBe(JACKPOT_BASE_MINOR + 16511);
    expect(jackpotMinorAt(monday + 10 * JACKPOT_STEP_MS + 5)).toBe(JACKPOT_BASE_MINOR + 10 * 16511);
  });
  it('is the same for everyone at the same moment and grows through the week', () => {
    const t = Date.UTC(2025, 0, 8, 13, 45, 7);
    expect(jackpotMinorAt(t)).toBe(jackpotMinorAt(t));
    expect(jackpotMinorAt(t + 60_000)).toBeGreaterThan(jackpotMinorAt(t));
    expect(Number.isSafeInteger(jackpotMinorAt(monday + JACKPOT_PERIOD_MS - 1))).toBe(true);
  });
  it('starts over each Monday', () => {
    expect(jackpotMinorAt(monday + JACKPOT_PERIOD_MS)).toBe(JACKPOT_BASE_MINOR);
    expect(jackpotMinorAt(monday - 1)).toBeGreaterThan(JACKPOT_BASE_MINOR);
  });
  it('tells the time to the next step', () => {
    expect(msToNextStep(monday)).toBe(JACKPOT_STEP_MS);
    expect(msToNextStep(monday + 1000)).toBe(2000);
    expect(msToNextStep(monday + JACKPOT_STEP_MS - 1)).toBe(1);
  });
  it('counts up with an ease-out between two amounts', () => {
    expect(countUp(100, 200, 0)).toBe(100);
    expect(countUp(100, 200, 1)).toBe(200);
    expect(countUp(100, 200, 2)).toBe(200);
    expect(countUp(100, 200, 0.5)).toBeGreaterThan(150);
  });
});
