import { describe, expect, it } from 'vitest';
import { convertPreview, showPoints } from './points-format';

const rules = { pointsPerUnit: 100, minPoints: 1_000 };

describe('showPoints', () => {
  it('groups thousands and drops fractions', () => {
    expect(showPoints(0)).toBe('0');
    expect(showPoints(12_500)).toBe('12,500');
    expect(showPoints(1_234_567.9)).toBe('1,234,567');
  });
});

describe('convertPreview', () => {
  it('names the problem with what was typed', () => {
    expect(convertPreview('', rules, 5_000)).toEqual({ ok: false, problem: 'required' });
    expect(convertPreview('12.5', rules, 5_000)).toEqual({ ok: false, problem: 'format' });
    expect(convertPreview('-5', rules, 5_000)).toEqual({ ok: false, problem: 'format' });
    expect(convertPreview('0', rules, 5_000)).toEqual({ ok: false, problem: 'format' });
    expect(convertPreview('999', rules, 5_000)).toEqual({ ok: false, problem: 'min' });
    expect(convertPreview('6000', rules, 5_000)).toEqual({ ok: false, problem: 'over' });
  });

  it('previews exactly what the server pays and takes', () => {
    expect(convertPreview(' 1234 ', rules, 5_000)).toEqual({
      ok: true,
      points: 1_234,
      pointsUsed: 1_234,
      amount: 12.34,
    });
    expect(convertPreview('1000', { pointsPerUnit: 150, minPoints: 1_000 }, 5_000)).toEqual({
      ok: true,
      points: 1_000,
      pointsUsed: 999,
      amount: 6.66,
    });
  });
});
