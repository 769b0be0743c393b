import {
  constants,
  createCipheriv,
  createPublicKey,
  generateKeyPairSync,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { EncryptedPayload, Failure } from '@app/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import type { Brand, BrandResolver } from './brand';
import { envelope, ok } from './envelope';
import { legacySeal as sealWith, legacyRandom, legacyRequest, LEGACY_FORMS } from '../../test/legacy-client';
import {
  decryptLegacy,
  decryptModern,
  payloadCrypto,
  type LegacyPrivateKey,
  type PayloadPrivateKey,
} from './payload-crypto';
import { requestContext } from './request-context';

function makeKey(id: string, modulusLength = 2048): PayloadPrivateKey & { publicPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { id, publicPem: publicKey, privatePem: privateKey };
}

const KEY = makeKey('key-1');
const OTHER = makeKey('key-2');
/** Legacy keys: the current one and one made before it (rotation), and one never valid here. */
const LEGACY = makeKey('legacy-1', 1024);
const LEGACY_PREVIOUS = makeKey('legacy-0', 1024);
const LEGACY_STRANGER = makeKey('legacy-x', 1024);
const LEGACY_KEYS: LegacyPrivateKey[] = [LEGACY, LEGACY_PREVIOUS];

/** The modulus in hex, as GET /wps/session/key/rsa answers it. */
function modulusHex(k: { publicPem: string }): string {
  const jwk = createPublicKey(k.publicPem).export({ format: 'jwk' });
  return Buffer.from(jwk.n!, 'base64url').toString('hex');
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

interface SealOptions {
  keyId?: string;
  publicPem?: string | KeyObject;
  aesKey?: Buffer;
  iv?: Buffer;
  plaintext?: Buffer;
  oaepHash?: string;
}

/** The modern wire format, built with Node's own primitives independently of the client code. */
function seal(value: unknown, o: SealOptions = {}): EncryptedPayload {
  const aesKey = o.aesKey ?? randomBytes(32);
  const iv = o.iv ?? randomBytes(12);
  const cipher = createCipheriv(aesKey.length === 16 ? 'aes-128-gcm' : 'aes-256-gcm', aesKey, iv);
  const plain = o.plaintext ?? Buffer.from(JSON.stringify(value));
  const data = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  const wrapped = publicEncrypt(
    {
      key: o.publicPem ?? KEY.publicPem,
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: o.oaepHash ?? 'sha256',
    },
    aesKey,
  );
  return { keyId: o.keyId ?? KEY.id, key: b64(wrapped), iv: b64(iv), data: b64(data) };
}

/** The legacy scheme as the real clients produce it (test/legacy-client.ts), under the current key. */
function legacySeal(
  value: unknown,
  o: { random?: string; key?: { publicPem: string }; plaintext?: Buffer } = {},
): { header: string; data: string; random: string } {
  return sealWith(value, modulusHex(o.key ?? LEGACY), {
    ...(o.random ? { random: o.random } : {}),
    ...(o.plaintext ? { plaintext: o.plaintext } : {}),
  });
}

function expectDecryptFailure(run: () => unknown) {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('payload.decrypt.failed');
    expect((err as AppError).statusCode).toBe(400);
    return;
  }
  expect.fail('expected payload.decrypt.failed');
}

/** Flips one bit of the decoded base64. */
function flip(text: string, index: number): string {
  const bytes = Buffer.from(text, 'base64');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = bytes[at]! ^ 0x01;
  return b64(bytes);
}

const LOGIN = { account: 'alice', password: 'pässwörd ✓', remember: true };

describe('decryptModern', () => {
  it('opens what the wire format describes and parses the JSON', () => {
    expect(decryptModern(seal(LOGIN), KEY)).toEqual(LOGIN);
    expect(decryptModern(seal([1, 'two', null]), KEY)).toEqual([1, 'two', null]);
    expect(decryptModern(seal('just a string'), KEY)).toBe('just a string');
  });

  it('opens an empty-plaintext edge: the body "{}" and a large body', () => {
    expect(decryptModern(seal({}), KEY)).toEqual({});
    const big = { blob: 'x'.repeat(200_000) };
    expect(decryptModern(seal(big), KEY)).toEqual(big);
  });

  it('refuses what is not the wire format', () => {
    for (const body of [undefined, null, 'text', 42, {}, { ...seal(LOGIN), keyId: '' }]) {
      expectDecryptFailure(() => decryptModern(body, KEY));
    }
    const { data: _data, ...noData } = seal(LOGIN);
    expectDecryptFailure(() => decryptModern(noData, KEY));
  });

  it('refuses another key id (the client must refetch the key)', () => {
    expectDecryptFailure(() => decryptModern(seal(LOGIN, { keyId: OTHER.id }), KEY));
  });

  it('refuses a body sealed for another key even under the right id', () => {
    expectDecryptFailure(() => decryptModern(seal(LOGIN, { publicPem: OTHER.publicPem }), KEY));
  });

  it('refuses bad base64 in any field', () => {
    const good = seal(LOGIN);
    for (const field of ['key', 'iv', 'data'] as const) {
      for (const junk of ['not base64!', 'QUJD*', 'QUJ', '']) {
        expectDecryptFailure(() => decryptModern({ ...good, [field]: junk }, KEY));
      }
    }
  });

  it('refuses a wrong IV size, a data shorter than the tag, a wrong AES key size', () => {
    const good = seal(LOGIN);
    expectDecryptFailure(() => decryptModern({ ...good, iv: b64(randomBytes(16)) }, KEY));
    expectDecryptFailure(() => decryptModern({ ...good, data: b64(randomBytes(15)) }, KEY));
    expectDecryptFailure(() => decryptModern(seal(LOGIN, { aesKey: randomBytes(16) }), KEY));
  });

  it('refuses a key wrapped with OAEP SHA-1 instead of SHA-256', () => {
    expectDecryptFailure(() => decryptModern(seal(LOGIN, { oaepHash: 'sha1' }), KEY));
  });

  it('refuses any tampering: tag, ciphertext, IV or wrapped key', () => {
    const good = seal(LOGIN);
    expectDecryptFailure(() => decryptModern({ ...good, data: flip(good.data, -1) }, KEY));
    expectDecryptFailure(() => decryptModern({ ...good, data: flip(good.data, 0) }, KEY));
    expectDecryptFailure(() => decryptModern({ ...good, iv: flip(good.iv, 0) }, KEY));
    expectDecryptFailure(() => decryptModern({ ...good, key: flip(good.key, 100) }, KEY));
  });

  it('refuses a plaintext that is not JSON or not UTF-8', () => {
    expectDecryptFailure(() => decryptModern(seal(null, { plaintext: Buffer.from('account=alice') }), KEY));
    expectDecryptFailure(() =>
      decryptModern(seal(null, { plaintext: Buffer.from([0x22, 0xff, 0x22]) }), KEY),
    );
  });
});

describe('decryptLegacy', () => {
  it('opens a body under the current key and under the previous one (rotation)', () => {
    const sealed = legacySeal(LOGIN);
    expect(decryptLegacy(sealed.header, sealed.data, LEGACY_KEYS).value).toEqual(LOGIN);
    const old = legacySeal(LOGIN, { key: LEGACY_PREVIOUS });
    expect(decryptLegacy(old.header, old.data, LEGACY_KEYS).value).toEqual(LOGIN);
  });

  it('opens every body form: bare text, a JSON string, {value}, {data}, form-decoded {data}', () => {
    const { header, data } = legacySeal(LOGIN);
    for (const body of [data, { value: data }, { data }, ` ${data}\n`]) {
      expect(decryptLegacy(header, body, LEGACY_KEYS).value).toEqual(LOGIN);
    }
    // A form decoder turns the unencoded '+' of base64 into spaces; they are put back.
    const withPlus = legacySealWithPlus();
    expect(
      decryptLegacy(withPlus.header, { data: withPlus.data.replace(/\+/g, ' ') }, LEGACY_KEYS).value,
    ).toEqual(withPlus.value);
    // Even when the base64 starts with the '+' the form decoder turned into a space.
    const leadingPlus = legacySealWithPlus(true);
    expect(
      decryptLegacy(leadingPlus.header, { data: leadingPlus.data.replace(/\+/g, ' ') }, LEGACY_KEYS).value,
    ).toEqual(leadingPlus.value);
    // Wrapped base64 and a trailing newline (a text/plain body from a line-wrapping encoder).
    expect(decryptLegacy(header, `${data.replace(/(.{16})/g, '$1\r\n')}\n`, LEGACY_KEYS).value).toEqual(
      LOGIN,
    );
  });

  it('takes the header in upper case and without its leading zero', () => {
    for (let i = 0; i < 40; i++) {
      const sealed = legacySeal(LOGIN);
      expect(decryptLegacy(sealed.header.toUpperCase(), sealed.data, LEGACY_KEYS).value).toEqual(LOGIN);
      if (sealed.header.startsWith('0')) {
        expect(decryptLegacy(sealed.header.slice(1), sealed.data, LEGACY_KEYS).value).toEqual(LOGIN);
        return;
      }
    }
  });

  it('answers the same seal for the same Encryption value, another for a fresh random string', () => {
    const random = legacyRandom();
    const a = legacySeal(LOGIN, { random });
    const b = legacySeal({ other: true }, { random });
    const c = legacySeal(LOGIN);
    expect(decryptLegacy(a.header, a.data, LEGACY_KEYS).seal).toEqual(
      decryptLegacy(b.header, b.data, LEGACY_KEYS).seal,
    );
    expect(decryptLegacy(c.header, c.data, LEGACY_KEYS).seal).not.toEqual(
      decryptLegacy(a.header, a.data, LEGACY_KEYS).seal,
    );
  });

  it('refuses a body without the ciphertext, not base64, or truncated', () => {
    const { header, data } = legacySeal(LOGIN);
    for (const body of [undefined, null, 42, {}, { data: 1 }, { payload: 'QUJD' }, '', 'not base64!']) {
      expectDecryptFailure(() => decryptLegacy(header, body, LEGACY_KEYS));
    }
    // Cut to whole base64 groups: no longer a whole DES block, or a block short.
    expectDecryptFailure(() => decryptLegacy(header, data.slice(0, 8), LEGACY_KEYS));
    const bytes = Buffer.from(data, 'base64');
    expectDecryptFailure(() => decryptLegacy(header, b64(bytes.subarray(0, bytes.length - 8)), LEGACY_KEYS));
  });

  it('refuses a header sealed under another key, a wrong random string, and headers that are not one', () => {
    const { header, data } = legacySeal(LOGIN);
    expectDecryptFailure(() =>
      decryptLegacy(legacySeal(LOGIN, { key: LEGACY_STRANGER }).header, data, LEGACY_KEYS),
    );
    // The modern key is never a legacy key.
    expectDecryptFailure(() => decryptLegacy(legacySeal(LOGIN, { key: KEY }).header, data, LEGACY_KEYS));
    expectDecryptFailure(() => decryptLegacy(legacySeal(LOGIN).header, data, LEGACY_KEYS));
    for (const bad of [
      '',
      'zz',
      'not hex!',
      `0x${header}`,
      `${header}00`,
      'f'.repeat(2000),
      b64(randomBytes(128)),
    ]) {
      expectDecryptFailure(() => decryptLegacy(bad, data, LEGACY_KEYS));
    }
    // One bit flipped in the sealed value.
    const flipped = (BigInt(`0x${header}`) ^ 1n).toString(16);
    expectDecryptFailure(() => decryptLegacy(flipped, data, LEGACY_KEYS));
    expectDecryptFailure(() => decryptLegacy(header, data, []));
  });

  it('refuses a random string that is not 16 characters of [A-Za-z0-9]', () => {
    for (const random of ['shortkey', 'abcdefghijklmno!', 'abcdefghijklmnopq']) {
      const sealed = legacySeal(LOGIN, { random });
      expectDecryptFailure(() => decryptLegacy(sealed.header, sealed.data, LEGACY_KEYS));
    }
  });

  it('refuses a plaintext that is not JSON and a tampered ciphertext', () => {
    const notJson = legacySeal(null, { plaintext: Buffer.from('account=alice&password=x') });
    expectDecryptFailure(() => decryptLegacy(notJson.header, notJson.data, LEGACY_KEYS));
    const { header, data } = legacySeal(LOGIN);
    expectDecryptFailure(() => decryptLegacy(header, flip(data, -1), LEGACY_KEYS));
  });
});

/** A legacy body whose base64 holds '+' characters (found by trying, as ciphertext is random). */
function legacySealWithPlus(leading = false): {
  header: string;
  data: string;
  random: string;
  value: unknown;
} {
  for (let i = 0; ; i++) {
    const value = { account: `alice${i}`, password: 'secret' };
    const sealed = legacySeal(value);
    if (leading ? sealed.data.startsWith('+') : sealed.data.includes('+')) return { ...sealed, value };
  }
}

// ---------------------------------------------------------------------------------------------
// The plugin on a tiny app: the real envelope and request context, a stub brand resolver.

/** Only what the request context and this plugin read; Brand grows as other features land. */
function brand(code: string, legacyCrypto: boolean): Brand {
  const fields: Partial<Brand> = {
    code,
    name: code,
    defaultLanguage: 'EN',
    languages: ['EN'],
    blockedCountries: [],
    maintenanceOn: false,
    maintenanceEndTime: null,
    allowedCountries: [],
    maintenanceWindows: [],
    legacyCrypto,
  };
  return fields as Brand;
}
const BRANDS: Record<string, Brand> = { MODERN: brand('MODERN', false), OLDIE: brand('OLDIE', true) };

const loginSchema = z.object({ account: z.string().min(1), password: z.string().min(6) });

let app: FastifyInstance;
let keyCalls = 0;
/** Seals used (the replay record a database keeps in the app). */
const seen = new Set<string>();
beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(envelope);
  const resolver = {
    resolve: async (merchant: string | undefined) => BRANDS[merchant ?? 'MODERN'] ?? BRANDS.MODERN!,
  } as unknown as BrandResolver;
  await app.register(requestContext, { resolver });
  await app.register(payloadCrypto, {
    getKey: async () => {
      keyCalls++;
      return KEY;
    },
    legacyKeys: async () => LEGACY_KEYS,
    firstUse: async (sealed) => {
      const digest = sealed.toString('hex');
      if (seen.has(digest)) return false;
      seen.add(digest);
      return true;
    },
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/wps/test/login',
    { config: { encrypted: true }, schema: { body: loginSchema } },
    async (request) => ok({ account: request.body.account, password: request.body.password }),
  );
  typed.post('/wps/test/plain', { schema: { body: loginSchema } }, async (request) => ok(request.body));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

interface Sent {
  payload: string | object;
  contentType?: string;
  headers?: Record<string, string>;
  url?: string;
}
async function post(s: Sent) {
  const res = await app.inject({
    method: 'POST',
    url: s.url ?? '/wps/test/login',
    headers: { ...(s.contentType ? { 'content-type': s.contentType } : {}), ...s.headers },
    payload: s.payload,
  });
  return { status: res.statusCode, body: res.json<{ success: true; value: unknown } | Failure>() };
}
function expectFailure(res: Awaited<ReturnType<typeof post>>, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, errorCode: code });
}

describe('payloadCrypto plugin', () => {
  const creds = { account: 'alice', password: 'secret1' };

  it('decrypts a modern body before the route schema validates it', async () => {
    const before = keyCalls;
    const res = await post({ payload: seal(creds) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, value: creds });
    expect(keyCalls).toBe(before + 1);
  });

  it('validates the decrypted JSON with the route schema', async () => {
    const res = await post({ payload: seal({ account: 'alice', password: 'short' }) });
    expectFailure(res, 400, 'request.invalid');
    expect(JSON.stringify(res.body)).toContain('password');
  });

  it('refuses plaintext on an encrypted route, in every body form', async () => {
    expectFailure(await post({ payload: creds }), 400, 'payload.decrypt.failed');
    expectFailure(
      await post({ payload: 'account=alice', contentType: 'text/plain' }),
      400,
      'payload.decrypt.failed',
    );
    expectFailure(
      await post({
        payload: 'account=alice&password=secret1',
        contentType: 'application/x-www-form-urlencoded',
      }),
      400,
      'payload.decrypt.failed',
    );
  });

  it('refuses a modern body under a stale key id and a tampered one', async () => {
    expectFailure(await post({ payload: seal(creds, { keyId: 'old-key' }) }), 400, 'payload.decrypt.failed');
    const good = seal(creds);
    expectFailure(
      await post({ payload: { ...good, data: flip(good.data, -1) } }),
      400,
      'payload.decrypt.failed',
    );
  });

  it('leaves routes that are not encrypted alone', async () => {
    const res = await post({ url: '/wps/test/plain', payload: creds, headers: { encryption: 'ignored' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, value: creds });
    // Form bodies are only for the legacy scheme, so only encrypted routes parse them.
    expectFailure(
      await post({
        url: '/wps/test/plain',
        payload: 'account=alice',
        contentType: 'application/x-www-form-urlencoded',
      }),
      415,
      'request.invalid',
    );
  });

  it('refuses the legacy scheme when the brand has not switched it on', async () => {
    const { header, data } = legacySeal(creds);
    expectFailure(
      await post({ payload: { data }, headers: { encryption: header, merchant: 'MODERN' } }),
      400,
      'payload.decrypt.failed',
    );
    // Even with a valid modern body: the Encryption header is what selects the scheme.
    expectFailure(
      await post({ payload: seal(creds), headers: { encryption: header, merchant: 'MODERN' } }),
      400,
      'payload.decrypt.failed',
    );
  });

  it('accepts the legacy scheme in every body form where the brand allows it', async () => {
    const headers = { merchant: 'OLDIE' };
    const forms: ((sealed: ReturnType<typeof legacySeal>) => Sent)[] = [
      // The real clients' forms: a JSON string literal, {value} with X-Digest, the bare base64.
      ...LEGACY_FORMS.map((form) => (sealed: ReturnType<typeof legacySeal>) => {
        const r = legacyRequest(sealed, form);
        return { payload: r.payload, headers: { ...headers, ...r.headers } };
      }),
      (sealed) => ({
        payload: sealed.data,
        contentType: 'text/plain',
        headers: { ...headers, encryption: sealed.header },
      }),
      (sealed) => ({ payload: { data: sealed.data }, headers: { ...headers, encryption: sealed.header } }),
      // Unencoded, as the real clients send it: the '+' of base64 must survive the form parser.
      (sealed) => ({
        payload: `data=${sealed.data}`,
        contentType: 'application/x-www-form-urlencoded',
        headers: { ...headers, encryption: sealed.header },
      }),
      (sealed) => ({
        payload: `data=${encodeURIComponent(sealed.data)}`,
        contentType: 'application/x-www-form-urlencoded',
        headers: { ...headers, encryption: sealed.header },
      }),
    ];
    for (const [i, form] of forms.entries()) {
      // A fresh random string per request, as clients make: each is a first use.
      const { value, ...sealed } = legacySealWithPlus();
      const res = await post(form(sealed));
      expect(res.status, `form ${i}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toEqual({ success: true, value });
    }
  });

  it('refuses a replayed Encryption value, whatever body comes with it', async () => {
    const sealed = legacySeal(creds);
    const request = legacyRequest(sealed, 'string');
    const headers = { merchant: 'OLDIE', ...request.headers };
    expect((await post({ payload: request.payload, headers })).status).toBe(200);
    expectFailure(await post({ payload: request.payload, headers }), 400, 'payload.decrypt.failed');
    // The same r with another body is the same seal.
    const other = legacySeal({ account: 'mallory', password: 'secret2' }, { random: sealed.random });
    expectFailure(
      await post({
        ...legacyRequest(other, 'bare'),
        headers: { merchant: 'OLDIE', ...legacyRequest(other, 'bare').headers },
      }),
      400,
      'payload.decrypt.failed',
    );
  });

  it('refuses bad legacy input with payload.decrypt.failed, before the route runs', async () => {
    const headers = { merchant: 'OLDIE' };
    const sealed = legacySeal(creds);
    const cases: Sent[] = [
      // A body that is not base64, bare or in a JSON string.
      {
        payload: 'not base64 at all!',
        contentType: 'application/json',
        headers: { ...headers, encryption: sealed.header },
      },
      {
        payload: JSON.stringify('%%%%'),
        contentType: 'application/json',
        headers: { ...headers, encryption: sealed.header },
      },
      // Truncated ciphertext.
      {
        payload: sealed.data.slice(0, 12),
        contentType: 'application/json',
        headers: { ...headers, encryption: sealed.header },
      },
      // A wrong Encryption header: another key's, garbage, empty.
      {
        payload: JSON.stringify(sealed.data),
        contentType: 'application/json',
        headers: { ...headers, encryption: legacySeal(creds, { key: LEGACY_STRANGER }).header },
      },
      {
        payload: JSON.stringify(sealed.data),
        contentType: 'application/json',
        headers: { ...headers, encryption: 'xyz' },
      },
      {
        payload: JSON.stringify(sealed.data),
        contentType: 'application/json',
        headers: { ...headers, encryption: '' },
      },
    ];
    for (const c of cases) expectFailure(await post(c), 400, 'payload.decrypt.failed');
    // Outside encrypted legacy requests, a body that is not JSON is still refused by the parser.
    const plain = await app.inject({
      method: 'POST',
      url: '/wps/test/plain',
      headers: { 'content-type': 'application/json', encryption: sealed.header },
      payload: sealed.data,
    });
    expect(plain.statusCode).toBe(400);
    const noHeader = await app.inject({
      method: 'POST',
      url: '/wps/test/login',
      headers: { 'content-type': 'application/json' },
      payload: sealed.data,
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json()).toMatchObject({ success: false });
  });

  it('validates the legacy plaintext too', async () => {
    const short = legacySeal({ account: 'alice', password: 'x' });
    expectFailure(
      await post({
        payload: { value: short.data },
        headers: { merchant: 'OLDIE', encryption: short.header },
      }),
      400,
      'request.invalid',
    );
  });

  it('answers a key store failure as a server error, not as a decrypt failure', async () => {
    const broken = Fastify({ logger: false });
    await broken.register(envelope);
    await broken.register(payloadCrypto, {
      getKey: async () => {
        throw new Error('database down');
      },
    });
    broken.post('/wps/x', { config: { encrypted: true } }, async () => ok(true));
    try {
      const res = await broken.inject({ method: 'POST', url: '/wps/x', payload: seal(creds) });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ errorCode: 'system.error' });
    } finally {
      await broken.close();
    }
  });
});
