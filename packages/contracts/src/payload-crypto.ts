import { z } from 'zod';

/**
 * The modern encrypted body (ARCHITECTURE section 3) our own web client sends to encrypted
 * endpoints, algorithm `RSA-OAEP-256+A256GCM` as answered by `GET /wps/session/key` (MODERN_KEY_PATH):
 *
 * - a fresh random 32-byte AES-256 key per request, wrapped with RSA-OAEP (SHA-256 for both
 *   the hash and MGF1, no label) under the server key named by `keyId`;
 * - a fresh random 12-byte IV;
 * - the UTF-8 JSON of the request body encrypted with AES-256-GCM (no additional data), the
 *   16-byte tag appended to the ciphertext, which is what WebCrypto produces.
 *
 * All binary fields are standard base64 with padding. The server decrypts this before the
 * route's own schema sees the body, so routes validate plaintext as usual.
 */

/**
 * Where the modern scheme's key is published. `/wps/session/key/rsa` is the legacy scheme's key
 * (plain hex text, as the real clients read it).
 */
export const MODERN_KEY_PATH = '/wps/session/key';

/** Sizes fixed by the scheme; both sides check them. */
export const PAYLOAD_AES_KEY_BYTES = 32;
export const PAYLOAD_IV_BYTES = 12;
export const PAYLOAD_TAG_BYTES = 16;

const base64 = z.base64().min(1);

export const encryptedPayloadSchema = z.object({
  /** Which server key wrapped `key`; a stale id means the client must refetch the key. */
  keyId: z.string().min(1).max(128),
  /** RSA-OAEP-SHA256 encryption of the 32-byte AES key. */
  key: base64,
  /** The 12-byte AES-GCM IV. */
  iv: base64,
  /** AES-256-GCM ciphertext of the JSON body with the 16-byte tag appended. */
  data: base64,
});
export type EncryptedPayload = z.infer<typeof encryptedPayloadSchema>;
