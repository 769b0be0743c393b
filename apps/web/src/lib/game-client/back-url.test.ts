import { describe, expect, it } from 'vitest';
import { safeBackUrl } from './back-url';

describe('safeBackUrl', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeBackUrl('/rng')).toBe('/rng');
    expect(safeBackUrl('/rng?page=HOUSE#top')).toBe('/rng?page=HOUSE#top');
    expect(safeBackUrl('/')).toBe('/');
  });

  it('falls back to / when there is none', () => {
    expect(safeBackUrl(null)).toBe('/');
    expect(safeBackUrl(undefined)).toBe('/');
    expect(safeBackUrl('')).toBe('/');
    expect(safeBackUrl('   ')).toBe('/');
  });

  it('refuses other origins and schemes', () => {
    expect(safeBackUrl('//evil.example/x')).toBe('/');
    expect(safeBackUrl('https://evil.example')).toBe('/');
    expect(safeBackUrl('http:/evil.example')).toBe('/');
    expect(safeBackUrl('javascript:alert(1)')).toBe('/');
    expect(safeBackUrl('rng')).toBe('/');
  });

  it('refuses backslashes and control characters that parsers turn into //', () => {
    expect(safeBackUrl('/\\evil.example')).toBe('/');
    expect(safeBackUrl('/a\\b')).toBe('/');
    expect(safeBackUrl('/\t/evil.example')).toBe('/');
    expect(safeBackUrl('/\n/evil.example')).toBe('/');
  });
});
