import { sql } from 'kysely';
import type { Db } from '../../db/repository';

/** Arbitrary constant: instances creating a key at once take turns. */
const KEY_CREATION_LOCK_ID = 727_002;

export type KeyScheme = 'MODERN' | 'LEGACY';

export class PayloadKeyRepository {
  constructor(private readonly db: Db) {}

  newest(scheme: KeyScheme) {
    return this.db
      .selectFrom('crypto_key')
      .selectAll()
      .where('scheme', '=', scheme)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Keys of a scheme made after `since`, newest first. */
  newerThan(scheme: KeyScheme, since: Date) {
    return this.db
      .selectFrom('crypto_key')
      .selectAll()
      .where('scheme', '=', scheme)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /**
   * Stores the pair unless a key of the scheme made after `freshSince` exists, and returns the
   * newest key. A transaction-scoped lock makes concurrent creators take turns, so every instance
   * ends up with the same key.
   */
  insertUnlessFresh(scheme: KeyScheme, freshSince: Date, id: string, privatePem: string, publicPem: string) {
    return this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${KEY_CREATION_LOCK_ID})`.execute(tx);
      const newest = () =>
        tx
          .selectFrom('crypto_key')
          .selectAll()
          .where('scheme', '=', scheme)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
      const existing = await newest();
      if (existing && existing.created_at > freshSince) return existing;
      await tx
        .insertInto('crypto_key')
        .values({ id, private_pem: privatePem, public_pem: publicPem, scheme })
        .execute();
      return (await newest())!;
    });
  }

  /** Records a legacy seal; false when it was recorded before (a replay). */
  async recordSeal(digest: Buffer): Promise<boolean> {
    const row = await this.db
      .insertInto('legacy_payload_seen')
      .values({ digest })
      .onConflict((oc) => oc.column('digest').doNothing())
      .returning('digest')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Drops seals recorded before `before` (their keys are no longer valid). */
  async pruneSeals(before: Date): Promise<void> {
    await this.db.deleteFrom('legacy_payload_seen').where('seen_at', '<', before).execute();
  }
}
