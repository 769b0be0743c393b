import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The key the server publishes for request bodies. */
export interface PayloadKey {
  keyId: string;
  publicKey: string;
}

export async function payloadKey(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<PayloadKey> {
  const res = await app.inject({ url: '/wps/session/key', headers: { host: 'localhost', ...headers } });
  const body = res.json<{ value?: PayloadKey; errorCode?: string }>();
  // A refused key call (the failure body as its cause) says why, rather than failing on a missing field.
  if (!body.value?.publicKey)
    throw new Error(`no payload key: ${res.statusCode} ${res.body}`, { cause: body });
  return body.value;
}

/** Encrypts a body the way our web client does (RSA-OAEP SHA-256 wraps an AES-256-GCM key). */
export function encryptWith({ keyId, publicKey }: PayloadKey, value: unknown) {
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value)), cipher.final(), cipher.getAuthTag()]);
  const key = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return { keyId, key: key.toString('base64'), iv: iv.toString('base64'), data: data.toString('base64') };
}

/** Encrypts a body as our web client does, with the key the server publishes now. */
export async function encryptedBody(
  app: FastifyInstance,
  value: unknown,
  headers: Record<string, string> = {},
) {
  return encryptWith(await payloadKey(app, headers), value);
}
