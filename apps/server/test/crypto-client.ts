import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Encrypts a body the way our web client does (RSA-OAEP SHA-256 wraps an AES-256-GCM key),
 * with the key the server publishes.
 */
export async function encryptedBody(
  app: FastifyInstance,
  value: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({ url: '/wps/session/key', headers: { host: 'localhost', ...headers } });
  const { keyId, publicKey } = res.json<{ value: { keyId: string; publicKey: string } }>().value;
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
