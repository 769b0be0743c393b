import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Arbitrary constant: instances creating the first key at once take turns. */
const KEY_CREATION_LOCK_ID = 727_002;

export class PayloadKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  newest() {
    return this.db
      .selectFrom('crypto_key')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Stores the pair unless a key exists already, and returns the newest key. A transaction-scoped
   * lock makes concurrent first starts take turns, so every instance ends up with the same key.
   */
  insertIfNone(id: string, privatePem: string, publicPem: string) {
    return this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${KEY_CREATION_LOCK_ID})`.execute(tx);
      const newest = () =>
        tx.selectFrom('crypto_key').selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirst();
      const existing = await newest();
      if (existing) return existing;
      await tx
        .insertInto('crypto_key')
        .values({ id, private_pem: privatePem, public_pem: publicPem })
        .execute();
      return (await newest())!;
    });
  }
}
