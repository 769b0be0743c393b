import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed messages from outside parties (game vendors' wallet callbacks, payment gateways'
 * notifications) and the ones the demo gateway sends: hex HMAC-SHA256 of the exact body bytes,
 * keyed by the secret the party shares with the brand.
 */
export function sign(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Whether `given` is the hex signature (either case) of these exact bytes. The body is never
 * re-serialised: any difference in whitespace or key order would break a real party's signature.
 */
export function signatureMatches(secret: string, body: string | Buffer, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  // Constant time: a byte-by-byte compare would leak how much of a forged signature is right.
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
