import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import {
  encryptedPayloadSchema,
  PAYLOAD_AES_KEY_BYTES,
  PAYLOAD_IV_BYTES,
  PAYLOAD_TAG_BYTES,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';
// Type-only: brings in the FastifyRequest.brand augmentation this plugin reads.
import type {} from './request-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body arrives encrypted (ARCHITECTURE section 3): the payloadCrypto plugin decrypts it
     * before validation, so the route's body schema describes the plaintext. Plaintext bodies
     * are refused on such routes.
     */
    encrypted?: boolean;
    /** Accepts a form-encoded body (SPEC section 7: forgot password by e-mail). */
    formBody?: boolean;
  }
}

/** The server key pair as payload decryption needs it (PayloadKeyService.key() gives this). */
export interface PayloadPrivateKey {
  id: string;
  privatePem: string;
}

/** The header in which the real clients' legacy scheme sends the RSA-encrypted DES key. */
export const LEGACY_ENCRYPTION_HEADER = 'encryption';

const LEGACY_UNAVAILABLE =
  'legacy payload decryption is unavailable: this Node has no DES (des-ecb); start it with --openssl-legacy-provider';

/**
 * A decryption failure. Callers only ever see payload.decrypt.failed (telling an attacker which
 * step failed would help them); the reason is kept for the log.
 */
class DecryptFailure extends AppError {
  constructor(readonly reason: string) {
    super('payload.decrypt.failed');
  }
}

/** Private keys parsed once: PEM parsing on every request is wasted work. */
interface ParsedKey {
  pem: string;
  key: KeyObject;
  /** Secret for the synthetic DES keys of implicit rejection (see openLegacyKey). */
  rejectionSecret: Buffer;
}
let parsed: ParsedKey | null = null;
function parseKey(pem: string): ParsedKey {
  if (parsed?.pem !== pem) {
    const key = createPrivateKey({ key: pem, format: 'pem' });
    const der = key.export({ type: 'pkcs8', format: 'der' });
    const rejectionSecret = createHash('sha256').update('legacy-implicit-rejection\0').update(der).digest();
    parsed = { pem, key, rejectionSecret };
  }
  return parsed;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Strict base64: Buffer.from(_, 'base64') silently skips junk, which would hide tampering. */
function fromBase64(text: string, what: string): Buffer {
  if (!text || !BASE64.test(text)) throw new DecryptFailure(`${what}: not base64`);
  return Buffer.from(text, 'base64');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
function parseJson(plain: Buffer): unknown {
  try {
    return JSON.parse(utf8.decode(plain));
  } catch {
    throw new DecryptFailure('plaintext is not UTF-8 JSON');
  }
}

/** Runs one decryption step, turning whatever it throws into a DecryptFailure. */
function step<T>(reason: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof DecryptFailure) throw err;
    throw new DecryptFailure(reason);
  }
}

/**
 * Opens a modern body (packages/contracts payload-crypto.ts) and JSON-parses its plaintext.
 * Throws AppError('payload.decrypt.failed') on any failure: not the wire format, another key id
 * (the client must refetch the key), bad base64 or sizes, RSA or GCM tag failure, not JSON.
 */
export function decryptModern(body: unknown, key: PayloadPrivateKey): unknown {
  const payload = encryptedPayloadSchema.safeParse(body);
  if (!payload.success) throw new DecryptFailure('not an encrypted payload');
  const { keyId, key: wrapped, iv: ivText, data: dataText } = payload.data;
  if (keyId !== key.id) throw new DecryptFailure('unknown key id');

  const iv = fromBase64(ivText, 'iv');
  const data = fromBase64(dataText, 'data');
  if (iv.length !== PAYLOAD_IV_BYTES) throw new DecryptFailure('iv size');
  if (data.length < PAYLOAD_TAG_BYTES) throw new DecryptFailure('data shorter than the tag');

  const aesKey = step('key unwrap', () =>
    privateDecrypt(
      { key: parseKey(key.privatePem).key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      fromBase64(wrapped, 'key'),
    ),
  );
  if (aesKey.length !== PAYLOAD_AES_KEY_BYTES) throw new DecryptFailure('AES key size');

  const plain = step('AES-GCM', () => {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: PAYLOAD_TAG_BYTES });
    decipher.setAuthTag(data.subarray(data.length - PAYLOAD_TAG_BYTES));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - PAYLOAD_TAG_BYTES)),
      decipher.final(),
    ]);
  });
  aesKey.fill(0);
  return parseJson(plain);
}

let desAvailable: boolean | undefined;
/**
 * Whether this process can do DES. OpenSSL 3 moved DES to its legacy provider, which Node 20
 * loads only with --openssl-legacy-provider; checked once, by trying.
 */
export function legacyCryptoAvailable(): boolean {
  if (desAvailable === undefined) {
    try {
      createCipheriv('des-ecb', Buffer.alloc(8), null);
      desAvailable = true;
    } catch {
      desAvailable = false;
    }
  }
  return desAvailable;
}

const LEGACY_DES_KEY_BYTES = 8;

/**
 * The DES key from the Encryption header: base64 of RSA PKCS#1 v1.5 encryption of 8 ASCII
 * characters. Node 20 refuses PKCS#1 v1.5 private decryption (CVE-2023-46809, the Marvin timing
 * attack) unless the whole process runs with --security-revert, so the padding is checked here
 * on a raw RSA decryption instead, with implicit rejection as OpenSSL 3.2 does it: a bad padding
 * does not fail here but yields a synthetic key derived from the ciphertext, so it fails later
 * exactly like a wrong key and the padding check is no oracle. The check walks every byte
 * without an early exit for the same reason.
 */
function openLegacyKey(header: string, privatePem: string): Buffer {
  const { key, rejectionSecret } = parseKey(privatePem);
  const sealed = fromBase64(header.trim(), 'Encryption header');
  const em = step('key unwrap', () => privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, sealed));
  const k = em.length;
  const separator = k - LEGACY_DES_KEY_BYTES - 1;
  // 0x00 0x02, non-zero padding bytes, 0x00, then exactly the 8 key bytes.
  let bad = em[0]! | (em[1]! ^ 0x02) | em[separator]!;
  for (let i = 2; i < separator; i++) bad |= (em[i]! - 1) >>> 31; // 1 only when the byte is 0
  const synthetic = createHmac('sha256', rejectionSecret).update(sealed).digest();
  const chosen = bad === 0 ? em.subarray(separator + 1) : synthetic.subarray(0, LEGACY_DES_KEY_BYTES);
  return Buffer.from(chosen);
}

/**
 * The base64 ciphertext of a legacy body, in whichever of the three forms the real clients send:
 * the raw text (text/plain), JSON {"data": ...}, or form-encoded data=... .
 */
function legacyCiphertext(body: unknown): string {
  const raw =
    typeof body === 'string'
      ? body
      : typeof body === 'object' && body !== null && typeof (body as { data?: unknown }).data === 'string'
        ? (body as { data: string }).data
        : undefined;
  if (raw === undefined) throw new DecryptFailure('no legacy ciphertext in the body');
  // Base64 never holds spaces: a space is a '+' that a form decoder turned into one, because
  // clients post the base64 without percent-encoding it. Line breaks come from wrapping encoders.
  return raw.replace(/ /g, '+').replace(/[\r\n]/g, '');
}

/**
 * Opens a body of the real clients' legacy scheme: `encryptionHeader` is the Encryption header
 * (the RSA-encrypted DES key), `body` the parsed request body in any of its three forms, whose
 * base64 text is DES-ECB/PKCS#7 encrypted JSON. Throws AppError('payload.decrypt.failed') on any
 * failure, including a process without DES (see legacyCryptoAvailable).
 */
export function decryptLegacy(encryptionHeader: string, body: unknown, privatePem: string): unknown {
  if (!legacyCryptoAvailable()) throw new DecryptFailure(LEGACY_UNAVAILABLE);
  const desKey = openLegacyKey(encryptionHeader, privatePem);
  const data = fromBase64(legacyCiphertext(body), 'data');
  const plain = step('DES', () => {
    const decipher = createDecipheriv('des-ecb', desKey, null);
    return Buffer.concat([decipher.update(data), decipher.final()]);
  });
  return parseJson(plain);
}

export interface PayloadCryptoOptions {
  /** The current server key (PayloadKeyService.key()); asked only when a body is to be opened. */
  getKey: () => Promise<PayloadPrivateKey>;
}

/**
 * Form bodies: only the legacy scheme sends them, so they are parsed on encrypted routes only
 * and refused elsewhere as an unsupported media type. Values are percent-decoded but '+' is kept
 * as '+' (not a space): the one field that matters is base64, which clients post unencoded.
 */
async function parseForm(request: FastifyRequest, text: string | Buffer): Promise<Record<string, string>> {
  const config = request.routeOptions.config;
  if (config.encrypted !== true && config.formBody !== true) {
    throw Object.assign(new Error('form bodies are accepted on encrypted routes only'), { statusCode: 415 });
  }
  try {
    // Object.fromEntries defines own properties, so a "__proto__" field cannot touch prototypes.
    return Object.fromEntries(
      String(text)
        .split('&')
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          const name = at < 0 ? pair : pair.slice(0, at);
          const value = at < 0 ? '' : pair.slice(at + 1);
          return [decodeURIComponent(name), decodeURIComponent(value)];
        }),
    );
  } catch {
    throw Object.assign(new Error('malformed form body'), { statusCode: 400 });
  }
}

async function openBody(request: FastifyRequest, getKey: () => Promise<PayloadPrivateKey>): Promise<unknown> {
  const header = request.headers[LEGACY_ENCRYPTION_HEADER];
  if (header !== undefined) {
    // The legacy scheme is weak (DES, PKCS#1 v1.5), so only brands that must serve old clients take it.
    if (!request.brand?.legacyCrypto) throw new DecryptFailure('legacy scheme off for this brand');
    if (typeof header !== 'string') throw new DecryptFailure('several Encryption headers');
    if (!legacyCryptoAvailable()) {
      request.log.error(LEGACY_UNAVAILABLE);
      throw new DecryptFailure(LEGACY_UNAVAILABLE);
    }
    return decryptLegacy(header, request.body, (await getKey()).privatePem);
  }
  if (encryptedPayloadSchema.safeParse(request.body).success)
    return decryptModern(request.body, await getKey());
  throw new DecryptFailure('plaintext body on an encrypted route');
}

/**
 * Decrypts the body of routes with `config: { encrypted: true }` before validation. Register it
 * after requestContext (it reads request.brand.legacyCrypto) and before the routes.
 */
export const payloadCrypto = fp(
  async (app: FastifyInstance, opts: PayloadCryptoOptions) => {
    // Fastify parses JSON and text/plain (as a string) itself; form bodies need a parser. If one is
    // already registered (e.g. @fastify/formbody), keep it: legacyCiphertext copes with its output.
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseForm);
    }
    if (!legacyCryptoAvailable()) app.log.warn(LEGACY_UNAVAILABLE);

    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.encrypted !== true) return;
      try {
        request.body = await openBody(request, opts.getKey);
      } catch (err) {
        if (err instanceof DecryptFailure) {
          request.log.info({ reason: err.reason, url: request.url }, 'encrypted payload refused');
        }
        throw err;
      }
    });
  },
  { name: 'payload-crypto', fastify: '5.x' },
);
