import { CS_PATH_KEY_LENGTH } from './constants';

/*
 * Customer-service paths are scrambled, not secret: the key travels with them (its last 8
 * characters, SPEC section 3). The scramble is a repeating-key XOR of the UTF-8 bytes, written
 * as base64url, followed by the key. It keeps links out of casual scrapers and nothing more.
 */

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function xor(bytes: Uint8Array, key: Uint8Array): Uint8Array {
  return bytes.map((b, i) => b ^ key[i % key.length]!);
}

export function scrambleCsPath(plain: string, key: string): string {
  if (key.length !== CS_PATH_KEY_LENGTH || !/^[A-Za-z0-9]+$/.test(key)) {
    throw new Error(`customer-service key must be ${CS_PATH_KEY_LENGTH} letters or digits`);
  }
  const enc = new TextEncoder();
  return toBase64Url(xor(enc.encode(plain), enc.encode(key))) + key;
}

/** Returns the plain path, or null when the text is not a scrambled path. */
export function unscrambleCsPath(scrambled: string): string | null {
  if (scrambled.length <= CS_PATH_KEY_LENGTH) return null;
  const key = scrambled.slice(-CS_PATH_KEY_LENGTH);
  try {
    const bytes = xor(fromBase64Url(scrambled.slice(0, -CS_PATH_KEY_LENGTH)), new TextEncoder().encode(key));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
