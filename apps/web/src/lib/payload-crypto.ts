import {
  MODERN_KEY_PATH,
  PAYLOAD_AES_KEY_BYTES,
  PAYLOAD_IV_BYTES,
  PAYLOAD_TAG_BYTES,
  type EncryptedPayload,
  type RsaKey,
} from '@app/contracts';
import { api } from './api-client';

/**
 * Browser side of the encrypted-payload scheme (ARCHITECTURE section 3, wire format in
 * packages/contracts payload-crypto.ts): RSA-OAEP-SHA256 wraps a fresh AES-256-GCM key per
 * request. WebCrypto only, so nothing is added to the bundle.
 */

const KEY_URL = MODERN_KEY_PATH;
const ALGORITHM: RsaKey['algorithm'] = 'RSA-OAEP-256+A256GCM';

interface ServerKey {
  keyId: string;
  key: CryptoKey;
}

/** The server key, fetched and imported once for the page's life (until resetPayloadKey). */
let current: Promise<ServerKey> | null = null;

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  const der = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) der[i] = binary.charCodeAt(i);
  return der;
}

function toBase64(bytes: Uint8Array): string {
  // Chunked: String.fromCharCode(...bytes) overflows the argument limit on large bodies.
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

async function loadKey(): Promise<ServerKey> {
  const answer = await api.get<RsaKey>(KEY_URL);
  // Refuse to encrypt for a scheme we do not speak rather than send something the server cannot open.
  if (answer.algorithm !== ALGORITHM) throw new Error(`unsupported payload algorithm ${answer.algorithm}`);
  const key = await crypto.subtle.importKey(
    'spki',
    pemToDer(answer.publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return { keyId: answer.keyId, key };
}

function serverKey(): Promise<ServerKey> {
  current ??= loadKey().catch((err: unknown) => {
    // A failed fetch is not cached: the next call tries again.
    current = null;
    throw err;
  });
  return current;
}

/**
 * Forget the cached server key. Call it when the server answers payload.decrypt.failed (its key
 * may have changed), then encrypt and send once more.
 */
export function resetPayloadKey(): void {
  current = null;
}

/** Encrypts a request body for an encrypted endpoint; send the result as the JSON body. */
export async function encryptPayload(value: unknown): Promise<EncryptedPayload> {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('encryptPayload: value has no JSON form');
  const { keyId, key: rsaKey } = await serverKey();

  // A fresh key and IV every time: GCM must never reuse an IV under one key.
  const rawKey = crypto.getRandomValues(new Uint8Array(PAYLOAD_AES_KEY_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(PAYLOAD_IV_BYTES));
  const aesKey = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['encrypt']);
  // WebCrypto appends the tag to the ciphertext, which is the wire format.
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, tagLength: PAYLOAD_TAG_BYTES * 8 },
    aesKey,
    new TextEncoder().encode(json),
  );
  const wrapped = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsaKey, rawKey);
  // The raw key is no longer needed; do not leave it lying in memory longer than necessary.
  rawKey.fill(0);

  return {
    keyId,
    key: toBase64(new Uint8Array(wrapped)),
    iv: toBase64(iv),
    data: toBase64(new Uint8Array(data)),
  };
}
