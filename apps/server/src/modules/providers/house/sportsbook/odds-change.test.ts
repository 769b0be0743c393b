import { describe, expect, it } from 'vitest';
import { checkOddsChange, checkParlayOddsChange } from './odds-change';

describe('checkOddsChange', () => {
  it('seen 1.950, now 2.000: accepted at 2.000 (better odds are taken automatically)', () => {
    expect(checkOddsChange(1950, 2000)).toEqual({ accepted: true, odds: 2000 });
  });

  it('seen 1.950, now 1.950: accepted at 1.950', () => {
    expect(checkOddsChange(1950, 1950)).toEqual({ accepted: true, odds: 1950 });
  });

  it('seen 1.950, now 1.940: refused with the new odds 1.940', () => {
    expect(checkOddsChange(1950, 1940)).toEqual({ accepted: false, odds: 1940 });
  });

  it('refuses odds that are not whole thousandths of at least 1.000', () => {
    expect(() => checkOddsChange(1950.5, 2000)).toThrow(RangeError);
    expect(() => checkOddsChange(1950, 999)).toThrow(RangeError);
  });
});

describe('checkParlayOddsChange', () => {
  it('seen 1.950 and 2.100, now 2.000 and 2.100: accepted at the current odds', () => {
    expect(checkParlayOddsChange([1950, 2100], [2000, 2100])).toEqual({
      accepted: true,
      odds: [2000, 2100],
      dropped: [],
    });
  });

  it('the second leg dropped from 2.100 to 2.050: refused with the new odds, although the first rose', () => {
    expect(checkParlayOddsChange([1950, 2100], [2500, 2050])).toEqual({
      accepted: false,
      odds: [2500, 2050],
      dropped: [1],
    });
  });

  it('refuses lists of different lengths', () => {
    expect(() => checkParlayOddsChange([1950], [1950, 2000])).toThrow(RangeError);
  });
});
