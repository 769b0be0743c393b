import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class PayloadKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  newest() {
    return this.db.selectFrom('crypto_key').selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  }

  /** Inserts unless a key with this id exists; concurrent first starts keep whichever came first. */
  async insertIfAbsent(id: string, privatePem: string, publicPem: string) {
    await this.db
      .insertInto('crypto_key')
      .values({ id, private_pem: privatePem, public_pem: publicPem })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
