import { describe, expect, it } from 'vitest';
import type { KeyScheme, PayloadKeyRepository } from './payload-key.repository';
import { PayloadKeyService } from './payload-key.service';

interface Row {
  id: string;
  private_pem: string;
  public_pem: string;
  scheme: KeyScheme;
  created_at: Date;
}

const HOUR = 3_600_000;

/** The repository's queries over an array, on a clock the test moves. */
function fakeRepo(clock: { now: number }) {
  const rows: Row[] = [];
  const seals = new Map<string, number>();
  const newestFirst = (scheme: KeyScheme) =>
    rows.filter((r) => r.scheme === scheme).sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  const repo = {
    newest: async (scheme: KeyScheme) => newestFirst(scheme)[0],
    newerThan: async (scheme: KeyScheme, since: Date) =>
      newestFirst(scheme).filter((r) => r.created_at > since),
    insertUnlessFresh: async (
      scheme: KeyScheme,
      freshSince: Date,
      id: string,
      privatePem: string,
      publicPem: string,
    ) => {
      const existing = newestFirst(scheme)[0];
      if (existing && existing.created_at > freshSince) return existing;
      rows.push({
        id,
        private_pem: privatePem,
        public_pem: publicPem,
        scheme,
        created_at: new Date(clock.now),
      });
      return newestFirst(scheme)[0]!;
    },
    recordSeal: async (digest: Buffer) => {
      const key = digest.toString('hex');
      if (seals.has(key)) return false;
      seals.set(key, clock.now);
      return true;
    },
    pruneSeals: async (before: Date) => {
      for (const [k, at] of seals) if (at < before.getTime()) seals.delete(k);
    },
  };
  return { repo: repo as unknown as PayloadKeyRepository, rows, seals };
}

describe('PayloadKeyService legacy keys', () => {
  it('makes one 1024-bit key, rotates it after a day, keeps the previous one for an hour', async () => {
    const clock = { now: Date.UTC(2026, 0, 1) };
    const { repo, rows } = fakeRepo(clock);
    const keys = new PayloadKeyService(repo, () => clock.now);

    const [first] = await keys.legacyKeys();
    expect(rows.filter((r) => r.scheme === 'LEGACY')).toHaveLength(1);
    const hex = await keys.legacyModulusHex();
    expect(hex).toMatch(/^[0-9a-f]{256}$/);
    // The modern key is another pair.
    expect((await keys.key()).id).not.toBe(first!.id);

    clock.now += 23 * HOUR;
    expect((await keys.legacyKeys()).map((k) => k.id)).toEqual([first!.id]);

    clock.now += 1.5 * HOUR; // 24.5 h: a new key, the old one still accepted
    const rotated = await keys.legacyKeys();
    expect(rotated).toHaveLength(2);
    expect(rotated[1]!.id).toBe(first!.id);
    expect(await keys.legacyModulusHex()).not.toBe(hex);

    clock.now += 1.5 * HOUR; // 26 h: the first key is past its grace
    expect((await keys.legacyKeys()).map((k) => k.id)).toEqual([rotated[0]!.id]);
  });

  it('remembers seals until their key can no longer be valid', async () => {
    const clock = { now: Date.UTC(2026, 0, 1) };
    const { repo, seals } = fakeRepo(clock);
    const keys = new PayloadKeyService(repo, () => clock.now);
    const seal = Buffer.from('seal');
    expect(await keys.firstUse(seal)).toBe(true);
    expect(await keys.firstUse(seal)).toBe(false);
    clock.now += 24 * HOUR;
    await keys.pruneSeals();
    expect(seals.size).toBe(1);
    clock.now += 1.5 * HOUR;
    await keys.pruneSeals();
    expect(seals.size).toBe(0);
  });
});
