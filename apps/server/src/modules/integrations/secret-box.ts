import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals provider credentials with AES-256-GCM before they are stored. The key ring comes from
 * PROVIDER_SECRETS_KEY: comma-separated `<id>:<base64 of 32 bytes>`, the first one seals, every
 * one opens, so a key is rotated by putting the new one first and re-saving each provider. The
 * key id travels in the sealed text; the brand and provider are bound in as associated data, so
 * a sealed value copied onto another row does not open.
 */
export class SecretBox {
  private readonly keys = new Map<string, Buffer>();
  private readonly current: string;

  constructor(keyRing: string) {
    const entries = keyRing
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (entries.length === 0) throw new Error('PROVIDER_SECRETS_KEY: no key');
    for (const entry of entries) {
      const at = entry.indexOf(':');
      const id = entry.slice(0, at);
      const key = Buffer.from(entry.slice(at + 1), 'base64');
      if (at < 1 || !/^[A-Za-z0-9_-]{1,16}$/.test(id) || key.length !== 32)
        throw new Error('PROVIDER_SECRETS_KEY: each key is <id>:<base64 of 32 bytes>');
      this.keys.set(id, key);
    }
    this.current = entries[0]!.slice(0, entries[0]!.indexOf(':'));
  }

  /** A development key ring derived from a fixed phrase: never for production (config refuses it). */
  static development(): SecretBox {
    const key = createHash('sha256').update('white-label development provider secrets').digest('base64');
    return new SecretBox(`dev:${key}`);
  }

  seal(plain: Record<string, string>, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.current)!, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return ['v1', this.current, ...parts].join('.');
  }

  /** The sealed object; throws when the key is unknown or the text was altered. */
  open(sealed: string, context: string): Record<string, string> {
    const [version, id, iv, tag, body] = sealed.split('.');
    const key = id === undefined ? undefined : this.keys.get(id);
    if (version !== 'v1' || !key || !iv || !tag || body === undefined)
      throw new Error(`sealed provider secrets: unknown format or key id ${id ?? ''}`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    const parsed: unknown = JSON.parse(plain.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null)
      throw new Error('sealed provider secrets: not an object');
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }

  /** Whether `sealed` was sealed with an older key (a re-save moves it to the current one). */
  isStale(sealed: string): boolean {
    return sealed.split('.')[1] !== this.current;
  }
}
