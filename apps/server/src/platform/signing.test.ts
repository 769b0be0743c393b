import { describe, expect, it } from 'vitest';
import { sign, signatureMatches } from './signing';

// RFC 4231, test case 2: an independent check that this is HMAC-SHA256 and nothing else.
const KEY = 'Jefe';
const DATA = 'what do ya want for nothing?';
const MAC = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';

describe('sign', () => {
  it('is the hex HMAC-SHA256 of the exact bytes', () => {
    expect(sign(KEY, DATA)).toBe(MAC);
    expect(sign(KEY, Buffer.from(DATA))).toBe(MAC);
    expect(sign(KEY, `${DATA} `)).not.toBe(MAC);
  });
});

describe('signatureMatches', () => {
  it('takes the signature of these bytes, in either case', () => {
    expect(signatureMatches(KEY, Buffer.from(DATA), MAC)).toBe(true);
    expect(signatureMatches(KEY, DATA, MAC.toUpperCase())).toBe(true);
  });

  it('refuses another key, other bytes, and anything that is not 64 hex digits', () => {
    expect(signatureMatches('jefe', DATA, MAC)).toBe(false);
    expect(signatureMatches(KEY, `${DATA} `, MAC)).toBe(false);
    expect(signatureMatches(KEY, DATA, `${MAC.slice(0, 63)}4`)).toBe(false);
    expect(signatureMatches(KEY, DATA, MAC.slice(0, 62))).toBe(false);
    expect(signatureMatches(KEY, DATA, ` ${MAC}`)).toBe(false);
    expect(signatureMatches(KEY, DATA, `${MAC.slice(0, 63)}g`)).toBe(false);
    expect(signatureMatches(KEY, DATA, undefined)).toBe(false);
    expect(signatureMatches(KEY, DATA, [MAC])).toBe(false);
  });
});
