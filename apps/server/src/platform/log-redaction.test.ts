import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('replaces the values of credential parameters, keeping the rest as sent', () => {
    expect(redactUrl('/play/slot?code=AbC_-12&lang=en&backUrl=%2Frng')).toBe(
      '/play/slot?code=[REDACTED]&lang=en&backUrl=%2Frng',
    );
    expect(redactUrl('/play/slot?token=ff00&ticket=1&rememberToken=x')).toBe(
      '/play/slot?token=[REDACTED]&ticket=[REDACTED]&rememberToken=[REDACTED]',
    );
    expect(redactUrl('/x?%74oken=ff00')).toBe('/x?%74oken=[REDACTED]');
  });

  it('redacts inside a parameter that is itself a URL', () => {
    const launch = '/play/slot?code=AbC_-12&lang=en';
    expect(redactUrl(`/seamless?url=${encodeURIComponent(launch)}`)).toBe(
      `/seamless?url=${encodeURIComponent('/play/slot?code=[REDACTED]&lang=en')}`,
    );
  });

  it('leaves URLs without credentials alone, and drops what it cannot decode', () => {
    expect(redactUrl('/wps/house/slot/info')).toBe('/wps/house/slot/info');
    expect(redactUrl('/rng?page=HOUSE&gameCode=x&flag')).toBe('/rng?page=HOUSE&gameCode=x&flag');
    expect(redactUrl('/x?code=%E0%A4%A&a=1')).toBe('/x?[REDACTED]&a=1');
  });
});
