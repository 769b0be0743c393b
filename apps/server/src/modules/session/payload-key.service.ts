import { createHash, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { RsaKey } from '@app/contracts';
import type { PayloadKeyRepository } from './payload-key.repository';

const generate = promisify(generateKeyPair);

export interface PayloadKey {
  id: string;
  privatePem: string;
  publicPem: string;
}

/**
 * The key pair clients use to encrypt sensitive payloads (login, register, passwords,
 * withdrawal). All instances share the pair through the database; the first start makes it.
 */
export class PayloadKeyService {
  private current: Promise<PayloadKey> | null = null;
  constructor(private readonly repo: PayloadKeyRepository) {}

  key(): Promise<PayloadKey> {
    this.current ??= this.loadOrCreate().catch((err: unknown) => {
      this.current = null;
      throw err;
    });
    return this.current;
  }

  async publicKey(): Promise<RsaKey> {
    const k = await this.key();
    return { keyId: k.id, publicKey: k.publicPem, algorithm: 'RSA-OAEP-256+A256GCM' };
  }

  private async loadOrCreate(): Promise<PayloadKey> {
    const existing = await this.repo.newest();
    if (existing)
      return { id: existing.id, privatePem: existing.private_pem, publicPem: existing.public_pem };
    const { publicKey, privateKey } = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const id = createHash('sha256').update(publicKey).digest('hex').slice(0, 16);
    const stored = await this.repo.insertIfNone(id, privateKey, publicKey);
    return { id: stored.id, privatePem: stored.private_pem, publicPem: stored.public_pem };
  }
}
