import { describe, expect, it } from 'vitest';
import { addChip, fromCents, potentialReturn, toCents } from './bet-amount';

describe('cockfight bet amounts', () => {
  it('adds chips in cents, capped at the limit', () => {
    let c = 0;
    for (let i = 0; i < 10; i++) c = addChip(c, 0.1, 100_000);
    expect(fromCents(c)).toBe(1);
    expect(addChip(toCents(49_990), 50, toCents(50_000))).toBe(toCents(50_000));
  });

  it('the potential return is stake x odds rounded down to the cent, as settled', () => {
    expect(potentialReturn(toCents(3.33), 1.88)).toBe(6.26);
    expect(potentialReturn(toCents(100), 1.88)).toBe(188);
    expect(potentialReturn(toCents(10), 9)).toBe(90);
  });
});
