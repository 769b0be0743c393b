import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const key = () => randomBytes(32).toString('base64');

describe('SecretBox', () => {
  it('opens what it sealed, only in the same context', () => {
    const box = new SecretBox(`k1:${key()}`);
    const sealed = box.seal({ apiKey: 'xnd_secret', token: 't0k' }, 'provider_config:GOLDEN:XENDIT');
    expect(sealed).toMatch(/^v1\.k1\./);
    expect(sealed).not.toContain('xnd_secret');
    expect(box.open(sealed, 'provider_config:GOLDEN:XENDIT')).toEqual({ apiKey: 'xnd_secret', token: 't0k' });
    // The same value moved onto another brand's row does not open.
    expect(() => box.open(sealed, 'provider_config:LOTUS:XENDIT')).toThrow();
  });

  it('refuses altered text and unknown keys', () => {
    const box = new SecretBox(`k1:${key()}`);
    const sealed = box.seal({ a: 'b' }, 'c');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'c')).toThrow();
    expect(() => new SecretBox(`k2:${key()}`).open(sealed, 'c')).toThrow(/key id k1/);
    expect(() => box.open('plain text', 'c')).toThrow();
  });

  it('rotates: the first key seals, older ones still open, stale values are told apart', () => {
    const old = `old:${key()}`;
    const sealedOld = new SecretBox(old).seal({ a: '1' }, 'c');
    const ring = new SecretBox(`new:${key()},${old}`);
    expect(ring.open(sealedOld, 'c')).toEqual({ a: '1' });
    expect(ring.isStale(sealedOld)).toBe(true);
    const resealed = ring.seal({ a: '1' }, 'c');
    expect(resealed).toMatch(/^v1\.new\./);
    expect(ring.isStale(resealed)).toBe(false);
  });

  it('refuses malformed key rings', () => {
    for (const bad of ['', 'nokey', `:${key()}`, 'k1:c2hvcnQ=', `bad id!:${key()}`])
      expect(() => new SecretBox(bad), bad).toThrow(/PROVIDER_SECRETS_KEY/);
  });
});
