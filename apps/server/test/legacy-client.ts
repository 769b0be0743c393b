import { createCipheriv, randomInt } from 'node:crypto';

/**
 * A client of the legacy payload scheme, written from the protocol facts alone (not from any
 * client's code): what the real clients of the WPS API send to encrypted calls.
 *
 * - The key is the response text of GET /wps/session/key/rsa: the RSA modulus in hex, e = 65537.
 * - r: 16 random characters of [A-Za-z0-9].
 * - Encryption header: lowercase hex of textbook RSA (c = m^e mod n, no padding), m being r's
 *   bytes read big-endian; an odd-length hex gets a leading 0.
 * - Body: base64 of DES-ECB with PKCS#7 padding over the UTF-8 JSON, key = r's first 8 bytes.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const E = 0x10001n;

export function legacyRandom(): string {
  let r = '';
  for (let i = 0; i < 16; i++) r += ALPHABET[randomInt(ALPHABET.length)];
  return r;
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** The Encryption header for r under the modulus (hex text as the key route answers it). */
function sealRandom(random: string, modulusHex: string): string {
  const n = BigInt(`0x${modulusHex.trim().replace(/^"|"$/g, '')}`);
  const m = BigInt(`0x${Buffer.from(random, 'utf8').toString('hex')}`);
  const hex = modPow(m, E, n).toString(16);
  return hex.length % 2 ? `0${hex}` : hex;
}

/** DES-ECB/PKCS#7 under r's first 8 bytes (3DES with the key three times is the same cipher). */
function desBase64(random: string, plaintext: Buffer | string): string {
  const k = Buffer.from(random.slice(0, 8), 'utf8');
  const cipher = createCipheriv('des-ede3', Buffer.concat([k, k, k]), null);
  return Buffer.concat([cipher.update(plaintext), cipher.final()]).toString('base64');
}

interface LegacySealed {
  /** The Encryption header. */
  header: string;
  /** The base64 ciphertext of the body. */
  data: string;
  random: string;
}

export function legacySeal(
  value: unknown,
  modulusHex: string,
  o: { random?: string; plaintext?: Buffer } = {},
): LegacySealed {
  const random = o.random ?? legacyRandom();
  const data = desBase64(random, o.plaintext ?? Buffer.from(JSON.stringify(value), 'utf8'));
  return { header: sealRandom(random, modulusHex), data, random };
}

/** The body forms real clients send: a JSON string literal, {"value"} with X-Digest, bare base64. */
export type LegacyForm = 'string' | 'value' | 'bare';
export const LEGACY_FORMS: LegacyForm[] = ['string', 'value', 'bare'];

/** Headers and payload of one form, as inject takes them. */
export function legacyRequest(
  sealed: LegacySealed,
  form: LegacyForm,
): { headers: Record<string, string>; payload: string } {
  switch (form) {
    case 'string':
      return {
        headers: { encryption: sealed.header, 'content-type': 'application/json' },
        payload: JSON.stringify(sealed.data),
      };
    case 'value':
      return {
        headers: {
          encryption: sealed.header,
          'x-digest': sealed.data,
          'content-type': 'application/json;charset=UTF-8',
        },
        payload: JSON.stringify({ value: sealed.data }),
      };
    case 'bare':
      return {
        headers: { encryption: sealed.header, 'content-type': 'application/json' },
        payload: sealed.data,
      };
  }
}
