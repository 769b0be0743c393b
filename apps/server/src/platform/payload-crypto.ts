import {
  constants,
  createDecipheriv,
  createHash,
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

/** The header in which the real clients' legacy scheme sends the RSA-sealed random string. */
const LEGACY_ENCRYPTION_HEADER = 'encryption';

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
const parsedKeys = new Map<string, KeyObject>();
function parseKey(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    // Keys rotate rarely; a bound keeps a long-running process from holding every key it saw.
    if (parsedKeys.size > 16) parsedKeys.clear();
    key = createPrivateKey({ key: pem, format: 'pem' });
    parsedKeys.set(pem, key);
  }
  return key;
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
      { key: parseKey(key.privatePem), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
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

/** A key pair of the legacy scheme (textbook RSA: never the modern key, see migration 0031). */
export interface LegacyPrivateKey {
  id: string;
  privatePem: string;
}

/** The client's random string: 16 characters of [A-Za-z0-9]; its first 8 bytes are the DES key. */
const LEGACY_RANDOM_CHARS = 16;
const LEGACY_DES_KEY_BYTES = 8;
const ALNUM = /^[A-Za-z0-9]+$/;
/** Hex of an RSA value up to 8192 bits; anything longer is no Encryption header. */
const HEX = /^[0-9a-fA-F]{1,2049}$/;

/**
 * The client's random string r from the Encryption header: lowercase hex of textbook RSA
 * (c = m^65537 mod n, no padding) where m is r's bytes read big-endian (an odd-length hex has a
 * leading 0 dropped). Several keys may be valid (rotation): the one under which c opens to a
 * well-formed r is the one the client used; a wrong key yields a random-looking m, whose top
 * bytes are not all zero but for a chance of about 2^-900.
 */
function openLegacyRandom(header: string, keys: LegacyPrivateKey[]): { keyId: string; random: string } {
  const hex = header.trim();
  if (!HEX.test(hex)) throw new DecryptFailure('Encryption header: not hex');
  let sealed = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const firstNonZero = sealed.findIndex((b) => b !== 0);
  sealed = sealed.subarray(firstNonZero < 0 ? sealed.length : firstNonZero);
  for (const candidate of keys) {
    const key = parseKey(candidate.privatePem);
    const size = (key.asymmetricKeyDetails?.modulusLength ?? 0) / 8;
    if (sealed.length === 0 || sealed.length > size) continue;
    const block = Buffer.concat([Buffer.alloc(size - sealed.length), sealed]);
    let m: Buffer;
    try {
      // Raw RSA: refuses c >= n, which is no value a client could have made under this key.
      m = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, block);
    } catch {
      continue;
    }
    const head = m.subarray(0, m.length - LEGACY_RANDOM_CHARS);
    const random = m.subarray(m.length - LEGACY_RANDOM_CHARS).toString('latin1');
    if (head.every((b) => b === 0) && ALNUM.test(random)) return { keyId: candidate.id, random };
  }
  throw new DecryptFailure('Encryption header: no valid key opens it');
}

/**
 * The base64 ciphertext of a legacy body, in whichever form the real clients send it: the bare
 * text (text/plain, or application/json that is not JSON), a JSON string literal (parsed to the
 * same text), JSON {"value": ...} or {"data": ...}, or form-encoded data=... .
 */
function legacyCiphertext(body: unknown): string {
  const field = (name: 'data' | 'value') =>
    typeof body === 'object' && body !== null && typeof (body as Record<string, unknown>)[name] === 'string'
      ? ((body as Record<string, unknown>)[name] as string)
      : undefined;
  const raw = typeof body === 'string' ? body : (field('value') ?? field('data'));
  if (raw === undefined) throw new DecryptFailure('no legacy ciphertext in the body');
  // Base64 never holds spaces: a space is a '+' that a form decoder turned into one, because
  // clients post the base64 without percent-encoding it. Line breaks come from wrapping encoders.
  // A '+' may open or close the text, so spaces at the ends are pluses too when that makes whole
  // base64 quads; otherwise they are padding around a bare text body, and trimmed.
  const unwrapped = raw.replace(/[\r\n]/g, '');
  const asPluses = unwrapped.replace(/ /g, '+');
  return asPluses.length % 4 === 0 ? asPluses : unwrapped.trim().replace(/ /g, '+');
}

/** DES-ECB with PKCS#7 padding. Triple DES with the key three times is the same cipher, and it
 * is in OpenSSL 3's default provider (single DES is only in the legacy one). */
function desEcbDecrypt(key: Buffer, data: Buffer): Buffer {
  const decipher = createDecipheriv('des-ede3', Buffer.concat([key, key, key]), null);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** A legacy body opened: its JSON, and the digest that identifies its seal (for replay refusal). */
interface OpenedLegacy {
  value: unknown;
  seal: Buffer;
}

/**
 * Opens a body of the real clients' legacy scheme: `encryptionHeader` is the Encryption header
 * (the RSA-sealed random string r), `body` the parsed request body in any of its forms, whose
 * base64 text is DES-ECB/PKCS#7 encrypted UTF-8 JSON under the key r[0:8]. Throws
 * AppError('payload.decrypt.failed') on any failure. The answer's `seal` is the same for every
 * replay of this Encryption value: the caller refuses one it has seen.
 */
export function decryptLegacy(
  encryptionHeader: string,
  body: unknown,
  keys: LegacyPrivateKey[],
): OpenedLegacy {
  const { keyId, random } = openLegacyRandom(encryptionHeader, keys);
  const data = fromBase64(legacyCiphertext(body), 'data');
  const desKey = Buffer.from(random.slice(0, LEGACY_DES_KEY_BYTES), 'latin1');
  const plain = step('DES', () => desEcbDecrypt(desKey, data));
  const seal = createHash('sha256').update(`${keyId}\0${random}`).digest();
  return { value: parseJson(plain), seal };
}

interface PayloadCryptoOptions {
  /** The current server key (PayloadKeyService.key()); asked only when a body is to be opened. */
  getKey: () => Promise<PayloadPrivateKey>;
  /** The legacy keys valid now, newest first; without it the legacy scheme is refused. */
  legacyKeys?: () => Promise<LegacyPrivateKey[]>;
  /**
   * Records a legacy seal as used and answers whether this was its first use (every instance
   * must see the same record: a replay is refused on any of them).
   */
  firstUse?: (seal: Buffer) => Promise<boolean>;
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

/**
 * A legacy request's body read as text (see the onRequest hook): JSON when it is JSON (a string
 * literal or {"value": ...}), else the bare base64 as it came. Only its text fields are read.
 */
function legacyBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (!text.startsWith('"') && !text.startsWith('{')) return body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DecryptFailure('legacy body: malformed JSON');
  }
}

async function openBody(request: FastifyRequest, opts: PayloadCryptoOptions): Promise<unknown> {
  const header = request.headers[LEGACY_ENCRYPTION_HEADER];
  if (header !== undefined) {
    // The legacy scheme is weak (DES, textbook RSA), so only brands that must serve old clients take it.
    if (!request.brand?.legacyCrypto) throw new DecryptFailure('legacy scheme off for this brand');
    if (typeof header !== 'string') throw new DecryptFailure('several Encryption headers');
    if (!opts.legacyKeys || !opts.firstUse) throw new DecryptFailure('no legacy key store');
    const opened = decryptLegacy(header, legacyBody(request.body), await opts.legacyKeys());
    if (!(await opts.firstUse(opened.seal))) throw new DecryptFailure('replayed Encryption value');
    return opened.value;
  }
  if (encryptedPayloadSchema.safeParse(request.body).success)
    return decryptModern(request.body, await opts.getKey());
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
    // Legacy clients post the bare base64 labelled application/json, which JSON parsing would
    // refuse before decryption runs. Their requests (an encrypted route, an Encryption header) are
    // read as text instead, and the legacy opener tells the forms apart (legacyBody). Swapping the
    // JSON parser itself is no option: modules keep raw-body JSON parsers of their own.
    app.addHook('onRequest', async (request) => {
      if (
        request.routeOptions.config.encrypted === true &&
        request.headers[LEGACY_ENCRYPTION_HEADER] !== undefined &&
        /^application\/json\b/i.test(request.headers['content-type'] ?? '')
      ) {
        request.headers['content-type'] = 'text/plain; charset=utf-8';
      }
    });

    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.encrypted !== true) return;
      try {
        request.body = await openBody(request, opts);
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
