import { generateKeyPairSync } from 'node:crypto';
import { encryptedPayloadSchema, type RsaKey } from '@app/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decryptModern } from '../../../server/src/platform/payload-crypto';
import { api } from './api-client';
import { encryptPayload, resetPayloadKey } from './payload-crypto';

// Only the key fetch is replaced; the encryption is the real WebCrypto of Node 20.
vi.mock('./api-client', () => ({ api: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(api.get);

function serverKey(id: string) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const answer: RsaKey = { keyId: id, publicKey, algorithm: 'RSA-OAEP-256+A256GCM' };
  return { answer, privateKey: { id, privatePem: privateKey } };
}

const first = serverKey('key-1');
const second = serverKey('key-2');

beforeEach(() => {
  resetPayloadKey();
  get.mockReset();
  get.mockResolvedValue(first.answer);
});

describe('encryptPayload', () => {
  it('produces the wire format, which the server function opens', async () => {
    const body = { account: 'alice', password: 'pässwörd ✓', amounts: [1.5, 2], nested: { ok: true } };
    const sealed = await encryptPayload(body);
    expect(encryptedPayloadSchema.parse(sealed)).toEqual(sealed);
    expect(sealed.keyId).toBe('key-1');
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed.key, 'base64')).toHaveLength(256);
    expect(decryptModern(sealed, first.privateKey)).toEqual(body);
    expect(get).toHaveBeenCalledWith('/wps/session/key');
  });

  it('opens a large body (chunked base64)', async () => {
    const body = { blob: 'é'.repeat(100_000) };
    expect(decryptModern(await encryptPayload(body), first.privateKey)).toEqual(body);
  });

  it('uses a fresh AES key and IV on every call', async () => {
    const a = await encryptPayload({ same: 1 });
    const b = await encryptPayload({ same: 1 });
    expect(a.iv).not.toBe(b.iv);
    expect(a.key).not.toBe(b.key);
    expect(a.data).not.toBe(b.data);
  });

  it('fetches the key once for the page, and again after resetPayloadKey', async () => {
    await encryptPayload({ n: 1 });
    await Promise.all([encryptPayload({ n: 2 }), encryptPayload({ n: 3 })]);
    expect(get).toHaveBeenCalledTimes(1);

    // The server changed its key: it refuses the old one, the caller resets and retries.
    get.mockResolvedValue(second.answer);
    const stale = await encryptPayload({ n: 4 });
    expect(() => decryptModern(stale, second.privateKey)).toThrow('payload.decrypt.failed');
    resetPayloadKey();
    const fresh = await encryptPayload({ n: 4 });
    expect(fresh.keyId).toBe('key-2');
    expect(decryptModern(fresh, second.privateKey)).toEqual({ n: 4 });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failed key fetch', async () => {
    get.mockRejectedValueOnce(new Error('offline'));
    await expect(encryptPayload({ n: 1 })).rejects.toThrow('offline');
    const sealed = await encryptPayload({ n: 1 });
    expect(decryptModern(sealed, first.privateKey)).toEqual({ n: 1 });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('refuses a key for another algorithm and a value without JSON form', async () => {
    get.mockResolvedValueOnce({ ...first.answer, algorithm: 'RSA1_5' });
    await expect(encryptPayload({ n: 1 })).rejects.toThrow('unsupported payload algorithm');
    await expect(encryptPayload(undefined)).rejects.toThrow(TypeError);
  });
});
