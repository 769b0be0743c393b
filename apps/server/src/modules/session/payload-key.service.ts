import { createHash, createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { RsaKey } from '@app/contracts';
import type { KeyScheme, PayloadKeyRepository } from './payload-key.repository';
import type { Bus } from '../../platform/bus';
import { CacheNotices } from '../../platform/shared-cache';

const generate = promisify(generateKeyPair);

interface PayloadKey {
  id: string;
  privatePem: string;
  publicPem: string;
}

/**
 * Life of a legacy key: a new one is made after this, and a sealed value is valid only while its
 * key is, so replays need remembering only that long.
 */
const LEGACY_KEY_MS = 24 * 3_600_000;
/** A client that fetched the key just before it rotated may still use it this long. */
const LEGACY_GRACE_MS = 3_600_000;
/** How long an instance reuses its list of valid legacy keys before rereading it (rotation by others). */
const LEGACY_CACHE_MS = 30_000;
/**
 * WARNING: deliberately 1024 bits. The legacy scheme's real strength is its DES key (56 bits),
 * and the big-integer code of older legacy front ends sizes its buffers for 1024-bit moduli; the
 * key rotates daily. The modern scheme keeps its 2048-bit key.
 */
const LEGACY_MODULUS_BITS = 1024;

const toKey = (row: { id: string; private_pem: string; public_pem: string }): PayloadKey => ({
  id: row.id,
  privatePem: row.private_pem,
  publicPem: row.public_pem,
});

/**
 * The key pairs clients use to encrypt sensitive payloads (login, register, passwords,
 * withdrawal): the modern scheme's (made once), and the legacy scheme's (rotated daily). All
 * instances share them through the database.
 */
export class PayloadKeyService {
  private current: Promise<PayloadKey> | null = null;
  private legacy: { at: number; keys: Promise<PayloadKey[]> } | null = null;

  private readonly notices: CacheNotices;

  constructor(
    private readonly repo: PayloadKeyRepository,
    private readonly now: () => number = Date.now,
    /** A rotation on any instance makes every instance reread its legacy keys at once. */
    bus?: Bus,
  ) {
    this.notices = new CacheNotices(bus, 'payload-keys', () => {
      this.legacy = null;
    });
  }

  key(): Promise<PayloadKey> {
    this.current ??= this.loadOrCreate('MODERN', new Date(0), 2048).catch((err: unknown) => {
      this.current = null;
      throw err;
    });
    return this.current;
  }

  async publicKey(): Promise<RsaKey> {
    const k = await this.key();
    return { keyId: k.id, publicKey: k.publicPem, algorithm: 'RSA-OAEP-256+A256GCM' };
  }

  /** The legacy keys a client may have sealed with now, newest first (a fresh one made when due). */
  legacyKeys(): Promise<PayloadKey[]> {
    const cached = this.legacy;
    if (cached && this.now() - cached.at < LEGACY_CACHE_MS) return cached.keys;
    const keys = this.loadLegacy();
    this.legacy = { at: this.now(), keys };
    keys.catch(() => {
      if (this.legacy?.keys === keys) this.legacy = null;
    });
    return keys;
  }

  /** The current legacy key's public modulus as lowercase hex (the exponent is 65537). */
  async legacyModulusHex(): Promise<string> {
    const [newest] = await this.legacyKeys();
    const jwk = createPublicKey(newest!.publicPem).export({ format: 'jwk' });
    return Buffer.from(jwk.n!, 'base64url').toString('hex').replace(/^0+/, '');
  }

  /** Records a legacy seal; false when it was used before. */
  firstUse(seal: Buffer): Promise<boolean> {
    return this.repo.recordSeal(seal);
  }

  /** Drops the records of seals whose keys are no longer valid. */
  pruneSeals(): Promise<void> {
    return this.repo.pruneSeals(new Date(this.now() - LEGACY_KEY_MS - LEGACY_GRACE_MS));
  }

  private async loadLegacy(): Promise<PayloadKey[]> {
    const now = this.now();
    let valid = await this.repo.newerThan('LEGACY', new Date(now - LEGACY_KEY_MS - LEGACY_GRACE_MS));
    if (!valid[0] || valid[0].created_at.getTime() <= now - LEGACY_KEY_MS) {
      await this.loadOrCreate('LEGACY', new Date(now - LEGACY_KEY_MS), LEGACY_MODULUS_BITS);
      valid = await this.repo.newerThan('LEGACY', new Date(now - LEGACY_KEY_MS - LEGACY_GRACE_MS));
      // Clients may get the new key from this instance and send what they seal with it to another.
      this.notices.forget();
    }
    return valid.map(toKey);
  }

  private async loadOrCreate(scheme: KeyScheme, freshSince: Date, bits: number): Promise<PayloadKey> {
    const existing = await this.repo.newest(scheme);
    if (existing && existing.created_at > freshSince) return toKey(existing);
    const { publicKey, privateKey } = await generate('rsa', {
      modulusLength: bits,
      publicExponent: 0x10001,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const id = createHash('sha256').update(publicKey).digest('hex').slice(0, 16);
    return toKey(await this.repo.insertUnlessFresh(scheme, freshSince, id, privateKey, publicKey));
  }
}
