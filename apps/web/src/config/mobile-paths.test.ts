import { describe, expect, it } from 'vitest';
import { mobileTarget } from './mobile-paths';

describe('mobileTarget', () => {
  it('opens the home page for /m, /m/ and /m/home', () => {
    expect(mobileTarget('/m')).toBe('/');
    expect(mobileTarget('/m/')).toBe('/');
    expect(mobileTarget('/m/home')).toBe('/');
    expect(mobileTarget('/m/HOME/')).toBe('/');
  });

  it('maps the platform family’s mobile names to this site’s pages', () => {
    expect(mobileTarget('/m/register', '?referralCode=ABC123')).toBe('/register?referralCode=ABC123');
    expect(mobileTarget('/m/promotion')).toBe('/promotions');
    expect(mobileTarget('/m/slots')).toBe('/rng');
    expect(mobileTarget('/m/pointmall')).toBe('/pointMall');
  });

  it('opens the member centre at the named page, the incoming query kept', () => {
    expect(mobileTarget('/m/deposit')).toBe('/?member=depositv2');
    expect(mobileTarget('/m/withdraw', '?lang=vi')).toBe('/?lang=vi&member=withdraw');
    // The target's own page wins over a different one in the link.
    expect(mobileTarget('/m/deposit', '?member=withdraw')).toBe('/?member=depositv2');
  });

  it('keeps any other path without the /m, with its query and hash', () => {
    expect(mobileTarget('/m/noticePage')).toBe('/noticePage');
    expect(mobileTarget('/m/lottery', '?gameCode=F1')).toBe('/lottery?gameCode=F1');
    expect(mobileTarget('/m/help', '', '#agent')).toBe('/help#agent');
    expect(mobileTarget('/m/promoDetail', '?id=7')).toBe('/promoDetail?id=7');
    expect(mobileTarget('/m/no/such/page')).toBe('/no/such/page');
  });

  it('never leaves the site: a doubled slash is not a host', () => {
    expect(mobileTarget('/m//evil.example')).toBe('/evil.example');
    expect(mobileTarget('/m///evil.example/x')).toBe('/evil.example/x');
  });
});
