import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of a long random secret (session tokens, challenges, API keys, recovery codes). */
export function sha256(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** A random url-safe token of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code a person can type: ten characters from an unambiguous alphabet, XXXXX-XXXXX. */
export function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The form a recovery code is hashed in: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}
