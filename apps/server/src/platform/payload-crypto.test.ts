import { spawnSync } from 'node:child_process';
import {
  constants,
  createCipheriv,
  generateKeyPairSync,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { EncryptedPayload, Failure } from '@app/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import type { Brand, BrandResolver } from './brand';
import { envelope, ok } from './envelope';
import {
  decryptLegacy,
  decryptModern,
  legacyCryptoAvailable,
  payloadCrypto,
  type PayloadPrivateKey,
} from './payload-crypto';
import { requestContext } from './request-context';

function makeKey(id: string): PayloadPrivateKey & { publicPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { id, publicPem: publicKey, privatePem: privateKey };
}

const KEY = makeKey('key-1');
const OTHER = makeKey('key-2');

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

/** The legacy scheme as the real clients produce it: the Encryption header and the base64 body. */
function legacySeal(
  value: unknown,
  o: { desKey?: string; publicPem?: string; plaintext?: Buffer } = {},
): { header: string; data: string } {
  const desKey = Buffer.from(o.desKey ?? 'k3Y!9aZq', 'ascii');
  const cipher = createCipheriv('des-ecb', desKey.subarray(0, 8), null);
  const plain = o.plaintext ?? Buffer.from(JSON.stringify(value));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
  const sealedKey = publicEncrypt(
    { key: o.publicPem ?? KEY.publicPem, padding: constants.RSA_PKCS1_PADDING },
    desKey,
  );
  return { header: b64(sealedKey), data };
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

describe('legacy DES availability', () => {
  it('is on in this test run (vitest.config.ts passes --openssl-legacy-provider)', () => {
    expect(legacyCryptoAvailable()).toBe(true);
  });

  it('without --openssl-legacy-provider: refuses legacy bodies with a log line, does not crash', () => {
    // A fresh process without the flag, as a server started the wrong way would be.
    const script = `
      const { default: Fastify } = await import('fastify');
      const m = await import(${JSON.stringify(fileURLToPath(new URL('./payload-crypto.ts', import.meta.url)))});
      const out = { available: m.legacyCryptoAvailable() };
      try { m.decryptLegacy('AAAA', 'AAAA', ${JSON.stringify(KEY.privatePem)}); } catch (err) { out.code = err.code; }
      const lines = [];
      const app = Fastify({ logger: { level: 'warn', stream: { write: (l) => lines.push(JSON.parse(l).msg) } } });
      await app.register(m.payloadCrypto, { getKey: async () => { throw new Error('not needed'); } });
      await app.ready();
      out.logged = lines;
      await app.close();
      console.log(JSON.stringify(out));
    `;
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split('\n').pop()!) as {
      available: boolean;
      code?: string;
      logged: string[];
    };
    expect(out.available).toBe(false);
    expect(out.code).toBe('payload.decrypt.failed');
    expect(out.logged.join('\n')).toMatch(/des-ecb.*--openssl-legacy-provider/);
  });
});

describe.runIf(legacyCryptoAvailable())('decryptLegacy', () => {
  it('opens all three body forms: raw text, JSON {data}, form-decoded {data}', () => {
    const { header, data } = legacySeal(LOGIN);
    expect(decryptLegacy(header, data, KEY.privatePem)).toEqual(LOGIN);
    expect(decryptLegacy(header, { data }, KEY.privatePem)).toEqual(LOGIN);
    // A form decoder turns the unencoded '+' of base64 into spaces; they are put back.
    const withPlus = legacySealWithPlus();
    expect(
      decryptLegacy(withPlus.header, { data: withPlus.data.replace(/\+/g, ' ') }, KEY.privatePem),
    ).toEqual(withPlus.value);
    // Wrapped base64 and a trailing newline (a text/plain body from a line-wrapping encoder).
    expect(decryptLegacy(header, `${data.replace(/(.{16})/g, '$1\r\n')}\n`, KEY.privatePem)).toEqual(LOGIN);
  });

  it('refuses a body without the ciphertext', () => {
    const { header } = legacySeal(LOGIN);
    for (const body of [undefined, null, 42, {}, { data: 1 }, { payload: 'QUJD' }, '', 'not base64!']) {
      expectDecryptFailure(() => decryptLegacy(header, body, KEY.privatePem));
    }
  });

  it('refuses a DES key sealed for another RSA key, a wrong DES key and a bad header', () => {
    const { header, data } = legacySeal(LOGIN);
    expectDecryptFailure(() =>
      decryptLegacy(legacySeal(LOGIN, { publicPem: OTHER.publicPem }).header, data, KEY.privatePem),
    );
    expectDecryptFailure(() =>
      decryptLegacy(legacySeal(LOGIN, { desKey: 'otherKey' }).header, data, KEY.privatePem),
    );
    expectDecryptFailure(() => decryptLegacy('not base64!', data, KEY.privatePem));
    expectDecryptFailure(() => decryptLegacy(b64(randomBytes(16)), data, KEY.privatePem));
    expectDecryptFailure(() => decryptLegacy(flip(header, 5), data, KEY.privatePem));
  });

  it('refuses a key that is not 8 bytes (implicit rejection turns it into a wrong key)', () => {
    const long = legacySeal(LOGIN, { desKey: '0123456789abcdef' });
    expectDecryptFailure(() => decryptLegacy(long.header, long.data, KEY.privatePem));
    // Raw RSA of a block without PKCS#1 type-2 padding: refused the same way.
    const raw = publicEncrypt(
      { key: KEY.publicPem, padding: constants.RSA_NO_PADDING },
      Buffer.concat([
        Buffer.from([0, 1]),
        Buffer.alloc(245, 0xff),
        Buffer.from([0]),
        Buffer.from('k3Y!9aZq'),
      ]),
    );
    expectDecryptFailure(() => decryptLegacy(b64(raw), legacySeal(LOGIN).data, KEY.privatePem));
  });

  it('refuses a plaintext that is not JSON and a tampered ciphertext', () => {
    const notJson = legacySeal(null, { plaintext: Buffer.from('account=alice&password=x') });
    expectDecryptFailure(() => decryptLegacy(notJson.header, notJson.data, KEY.privatePem));
    const { header, data } = legacySeal(LOGIN);
    expectDecryptFailure(() => decryptLegacy(header, flip(data, -1), KEY.privatePem));
  });
});

/** A legacy body whose base64 holds '+' characters (found by trying, as ciphertext is random). */
function legacySealWithPlus(): { header: string; data: string; value: unknown } {
  for (let i = 0; ; i++) {
    const value = { account: `alice${i}`, password: 'secret' };
    const sealed = legacySeal(value);
    if (sealed.data.includes('+')) return { ...sealed, value };
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
    legacyCrypto,
  };
  return fields as Brand;
}
const BRANDS: Record<string, Brand> = { MODERN: brand('MODERN', false), OLDIE: brand('OLDIE', true) };

const loginSchema = z.object({ account: z.string().min(1), password: z.string().min(6) });

let app: FastifyInstance;
let keyCalls = 0;
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

  it.runIf(legacyCryptoAvailable())(
    'accepts the legacy scheme in all three body forms where the brand allows it',
    async () => {
      const { header, data, value } = legacySealWithPlus();
      const headers = { encryption: header, merchant: 'OLDIE' };
      const forms: Sent[] = [
        { payload: data, contentType: 'text/plain', headers },
        { payload: { data }, headers },
        // Unencoded, as the real clients send it: the '+' of base64 must survive the form parser.
        { payload: `data=${data}`, contentType: 'application/x-www-form-urlencoded', headers },
        {
          payload: `data=${encodeURIComponent(data)}`,
          contentType: 'application/x-www-form-urlencoded',
          headers,
        },
      ];
      for (const form of forms) {
        const res = await post(form);
        expect(res.status, `${form.contentType}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body).toEqual({ success: true, value });
      }
    },
  );

  it.runIf(legacyCryptoAvailable())(
    'validates the legacy plaintext too and refuses a wrong key',
    async () => {
      const headers = { merchant: 'OLDIE' };
      const short = legacySeal({ account: 'alice', password: 'x' });
      expectFailure(
        await post({ payload: { data: short.data }, headers: { ...headers, encryption: short.header } }),
        400,
        'request.invalid',
      );
      const other = legacySeal(creds, { desKey: 'otherKey' });
      const { data } = legacySeal(creds);
      expectFailure(
        await post({ payload: { data }, headers: { ...headers, encryption: other.header } }),
        400,
        'payload.decrypt.failed',
      );
    },
  );

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
