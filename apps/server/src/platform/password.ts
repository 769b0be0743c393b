import argon2 from 'argon2';

/**
 * argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane): about 20-30 ms a hash
 * on our 2-core machines, which bench:auth measures. Rate limits run before this is reached.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/**
 * A hash nobody knows the password of. Verifying against it when the account does not exist
 * costs the same time as a real check, so response times do not reveal which usernames exist.
 */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`no-such-account-${Math.random()}`);
  return dummy;
}
