import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByDialingCode, initialDialingCode } from './countries';

describe('initialDialingCode', () => {
  it('starts from the supplied dialing code when the list has it (with or without +)', () => {
    expect(initialDialingCode({ supplied: '+66', visitorCountry: 'PH' })).toBe('66');
    expect(initialDialingCode({ supplied: '84' })).toBe('84');
  });

  it("else from the visitor's country, else the brand's country by time zone, else the first", () => {
    expect(initialDialingCode({ supplied: '999', visitorCountry: 'ID' })).toBe('62');
    expect(initialDialingCode({ visitorCountry: 'US', timezone: 'Asia/Kuala_Lumpur' })).toBe('60');
    expect(initialDialingCode({ visitorCountry: null, timezone: 'Europe/Paris' })).toBe(
      COUNTRIES[0]!.countryDialingCode,
    );
  });

  it('lists each country and dialing code once', () => {
    expect(new Set(COUNTRIES.map((c) => c.countryCode)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.countryDialingCode)).size).toBe(COUNTRIES.length);
    expect(countryByDialingCode('+63')?.countryCode).toBe('PH');
  });
});
