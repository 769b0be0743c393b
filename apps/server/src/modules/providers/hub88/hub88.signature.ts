import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/** The header both sides put their signature in (docs.hub88.io: request signing). */
export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

/** Parsed keys by PEM text: parsing a PEM costs more than a signature, and a brand has two keys. */
const keys = new Map<string, KeyObject>();

function key(pem: string, kind: 'private' | 'public'): KeyObject {
  const cacheKey = `${kind}:${pem}`;
  let k = keys.get(cacheKey);
  if (!k) {
    k = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
    if (keys.size > 1_000) keys.clear();
    keys.set(cacheKey, k);
  }
  return k;
}

/** RSA-SHA256 (PKCS#1 v1.5) over the exact bytes sent, base64: what X-Hub88-Signature carries. */
export function hub88Sign(body: Buffer | string, privateKeyPem: string): string {
  return sign(
    'sha256',
    typeof body === 'string' ? Buffer.from(body) : body,
    key(privateKeyPem, 'private'),
  ).toString('base64');
}

/**
 * hub88Sign off the event loop: RSA signing costs a millisecond or more of CPU, which the libuv
 * thread pool spends on another core while the loop serves other requests (the wallet API signs
 * every answer).
 */
export function hub88SignAsync(body: Buffer | string, privateKeyPem: string): Promise<string> {
  const k = key(privateKeyPem, 'private');
  return new Promise((resolve, reject) =>
    sign('sha256', typeof body === 'string' ? Buffer.from(body) : body, k, (err, sig) =>
      err ? reject(err) : resolve(sig.toString('base64')),
    ),
  );
}

/** hub88Verify off the event loop (the thread pool), for the wallet API's every request. */
export async function hub88VerifyAsync(
  body: Buffer | string,
  signature: unknown,
  publicKeyPem: string,
): Promise<boolean> {
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 4096) return false;
  let k: KeyObject;
  try {
    k = key(publicKeyPem, 'public');
  } catch {
    return false;
  }
  return new Promise((resolve) =>
    verify(
      'sha256',
      typeof body === 'string' ? Buffer.from(body) : body,
      k,
      Buffer.from(signature, 'base64'),
      // A signature of the wrong size is an error here: not a valid signature.
      (err, ok) => resolve(!err && ok),
    ),
  );
}

/** Whether `signature` (base64) is the RSA-SHA256 signature of `body` by the key's owner. */
export function hub88Verify(body: Buffer | string, signature: unknown, publicKeyPem: string): boolean {
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 4096) return false;
  try {
    return verify(
      'sha256',
      typeof body === 'string' ? Buffer.from(body) : body,
      key(publicKeyPem, 'public'),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    // A PEM that does not parse or a signature of the wrong size: not a valid signature.
    return false;
  }
}
