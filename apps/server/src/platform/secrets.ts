import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Whether a presented secret (a header's value) is the expected one, in constant time. */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A 256-bit random token, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its SHA-256. A leaked table gives no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A numeric code of `digits` digits, uniformly random. */
export function numericCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/**
 * Salted hash of a short secret (SMS code, captcha answer). Short secrets are guessable
 * offline anyway; what protects them is expiry, single use and the try limit. The salt stops
 * equal codes from looking equal in the table.
 */
export function hashShortSecret(secret: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${salt}$${createHash('sha256').update(`${salt}:${secret}`).digest('hex')}`;
}

export function verifyShortSecret(secret: string, stored: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const candidate = createHash('sha256').update(`${salt}:${secret}`).digest();
  const expected = Buffer.from(hash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/** Random letters and digits without look-alikes, for referral codes and guest names. */
export function randomCode(length: number): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
