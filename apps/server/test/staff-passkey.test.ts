/**
 * Passkeys as the staff second factor, against a software authenticator built here from the
 * WebAuthn spec: an ES256 key from node:crypto, authenticator data laid out by hand, and a CBOR
 * attestation object of format "none".
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;
const HOST = 'localhost:8080';
const ORIGIN = `http://${HOST}`;
const OWNER = { username: 'owner', password: 'DemoOwner!2026', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

// A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings, maps.
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (Buffer.isBuffer(v)) return Buffer.concat([head(2, v.length), v]);
  const parts = [head(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

const b64u = (b: Buffer) => b.toString('base64url');
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest();

class SoftwareAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = randomBytes(16);
  private counter = 0;

  private coseKey(): Buffer {
    const jwk = (this.keys.publicKey as KeyObject).export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, attested: boolean): Buffer {
    this.counter++;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const flags = Buffer.from([attested ? 0x45 : 0x05]);
    const parts: Buffer[] = [sha(rpId), flags, count];
    if (attested) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), len, this.credentialId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  create(options: { challenge: string; rp: { id?: string } }) {
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: ORIGIN }),
    );
    const attestation = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(options.rp.id!, true)],
      ]),
    );
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientData),
        attestationObject: b64u(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  get(options: { challenge: string; rpId?: string }, origin = ORIGIN) {
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }),
    );
    const authData = this.authData(options.rpId!, false);
    const signature = sign('sha256', Buffer.concat([authData, sha(clientData)]), this.keys.privateKey);
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
      },
      clientExtensionResults: {},
    };
  }
}

async function post(url: string, body: object, session?: { cookie: string; csrf: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: HOST,
      merchant: 'GOLDEN',
      ...(session ? { cookie: `bo_session=${session.cookie}`, 'x-csrf-token': session.csrf } : {}),
    },
    payload: body,
  });
  return { res, body: res.json() as { success: boolean; errorCode?: string; value?: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers vary by route
}

describe('passkeys', () => {
  it('registers a passkey from a session, then signs in with it instead of a TOTP code', async () => {
    const first = await post('/wps/admin/auth/login', { username: OWNER.username, password: OWNER.password });
    expect(first.body.value.passkeys).toBe(false);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(OWNER.secret) }).generate();
    const verified = await post('/wps/admin/auth/verify', {
      challenge: first.body.value.challenge,
      code: totp,
    });
    const session = {
      cookie: verified.res.cookies.find((c) => c.name === 'bo_session')!.value,
      csrf: verified.body.value.csrfToken as string,
    };

    const device = new SoftwareAuthenticator();
    const options = await post('/wps/admin/me/passkeys/options', {}, session);
    expect(options.body.value.rp.id).toBe('localhost');
    // Without a CSRF token nothing is registered.
    const noCsrf = await post(
      '/wps/admin/me/passkeys',
      { name: 'Laptop', response: device.create(options.body.value) },
      {
        ...session,
        csrf: 'wrong',
      },
    );
    expect(noCsrf.body.errorCode).toBe('operator.csrf');
    const added = await post(
      '/wps/admin/me/passkeys',
      { name: 'Laptop', response: device.create(options.body.value) },
      session,
    );
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    // The options are used once.
    const again = await post(
      '/wps/admin/me/passkeys',
      { name: 'Again', response: device.create(options.body.value) },
      session,
    );
    expect(again.body.errorCode).toBe('staff.passkey.invalid');

    const login = await post('/wps/admin/auth/login', { username: OWNER.username, password: OWNER.password });
    expect(login.body.value).toMatchObject({ step: 'SECOND_FACTOR', passkeys: true });
    const challenge = login.body.value.challenge as string;
    const req = await post('/wps/admin/auth/passkey/options', { challenge });
    expect(req.body.value.allowCredentials).toEqual([
      expect.objectContaining({ id: b64u(device.credentialId) }),
    ]);
    // A signature made for another origin is refused (and counted).
    const phished = await post('/wps/admin/auth/passkey/verify', {
      challenge,
      response: device.get(req.body.value, 'https://evil.example'),
    });
    expect(phished.body.errorCode).toBe('staff.totp.invalid');
    const req2 = await post('/wps/admin/auth/passkey/options', { challenge });
    const signedIn = await post('/wps/admin/auth/passkey/verify', {
      challenge,
      response: device.get(req2.body.value),
    });
    expect(signedIn.body.success, JSON.stringify(signedIn.body)).toBe(true);
    expect(signedIn.body.value.staff.username).toBe('owner');
    expect(signedIn.res.cookies.find((c) => c.name === 'bo_session')).toBeTruthy();

    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/me/passkeys',
      headers: { host: HOST, cookie: `bo_session=${session.cookie}` },
    });
    const keys = list.json().value as { id: string; name: string; lastUsedAt: string | null }[];
    expect(keys).toEqual([expect.objectContaining({ name: 'Laptop', lastUsedAt: expect.any(String) })]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/wps/admin/me/passkeys/${keys[0]!.id}`,
      headers: { host: HOST, cookie: `bo_session=${session.cookie}`, 'x-csrf-token': session.csrf },
    });
    expect(removed.json()).toEqual({ success: true, value: {} });
    const after = await post('/wps/admin/auth/login', { username: OWNER.username, password: OWNER.password });
    expect(after.body.value.passkeys).toBe(false);
  });
});
