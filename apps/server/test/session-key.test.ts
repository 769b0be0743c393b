import {
  constants,
  createHash,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { rsaKeySchema, type RsaKey } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppOn, buildTestApp, type TestContext } from './helper';
import { getFailure, getOk } from './http';

const URL = '/wps/session/key';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function privateKeyOf(keyId: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('crypto_key')
    .select('private_pem')
    .where('id', '=', keyId)
    .executeTakeFirstOrThrow();
  return row.private_pem;
}

describe('GET /wps/session/key (modern scheme)', () => {
  it('answers an RSA-2048 SPKI public key in PEM for the hybrid scheme', async () => {
    const key = await getOk<RsaKey>(t.app, URL);
    expect(() => rsaKeySchema.parse(key)).not.toThrow();
    expect(key.algorithm).toBe('RSA-OAEP-256+A256GCM');
    expect(key.publicKey).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+\n-----END PUBLIC KEY-----\n?$/,
    );
    const parsed = createPublicKey({ key: key.publicKey, format: 'pem', type: 'spki' });
    expect(parsed.asymmetricKeyType).toBe('rsa');
    expect(parsed.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // The key id is derived from the key itself.
    expect(key.keyId).toBe(createHash('sha256').update(key.publicKey).digest('hex').slice(0, 16));
  });

  it('encrypts with RSA-OAEP SHA-256 so that the server key opens it', async () => {
    const key = await getOk<RsaKey>(t.app, URL);
    const aesKey = randomBytes(32); // what our client wraps: an AES-256-GCM key
    const wrapped = publicEncrypt(
      { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      aesKey,
    );
    expect(wrapped).toHaveLength(256);
    const opened = privateDecrypt(
      { key: await privateKeyOf(key.keyId), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrapped,
    );
    expect(opened.equals(aesKey)).toBe(true);
  });

  it('answers the same key on every call and to every brand', async () => {
    const first = await getOk<RsaKey>(t.app, URL);
    const again = await getOk<RsaKey>(t.app, URL);
    const lotus = await getOk<RsaKey>(t.app, URL, { headers: { merchant: 'LOTUS' } });
    expect(again).toEqual(first);
    expect(lotus).toEqual(first);
    expect(await t.db.db.selectFrom('crypto_key').select('id').execute()).toEqual([{ id: first.keyId }]);
  });

  it('keeps the key across a restart (a new instance on the same database)', async () => {
    const before = await getOk<RsaKey>(t.app, URL);
    // A second server instance on the same database, as in a multi-instance deployment.
    const other = await buildAppOn(t.db);
    try {
      expect(await getOk<RsaKey>(other, URL)).toEqual(before);
    } finally {
      await other.close();
    }
  });

  it('refuses an unknown merchant', async () => {
    await getFailure(t.app, URL, 404, 'system.merchant.unknown', { headers: { merchant: 'NOSUCH' } });
  });
});

describe('first start of several instances at once', () => {
  it('gives every instance the same key', async () => {
    // Two new instances on a database without a key, asked at the same moment.
    await t.db.db.deleteFrom('crypto_key').execute();
    const [a, b] = await Promise.all([buildAppOn(t.db), buildAppOn(t.db)]);
    try {
      const [keyA, keyB] = await Promise.all([getOk<RsaKey>(a, URL), getOk<RsaKey>(b, URL)]);
      expect(keyB.keyId).toBe(keyA.keyId);
      expect(keyB.publicKey).toBe(keyA.publicKey);
      expect(await t.db.db.selectFrom('crypto_key').select('id').execute()).toEqual([{ id: keyA.keyId }]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
