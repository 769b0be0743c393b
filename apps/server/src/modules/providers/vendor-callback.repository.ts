import { sql } from 'kysely';
import type { Db } from '../../db/repository';

/** SQL of vendor secrets and rollback markers. */
export class VendorCallbackRepository {
  constructor(private readonly db: Db) {}

  async secret(merchant: string, vendor: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('vendor_secret')
      .select('secret')
      .where('merchant_code', '=', merchant)
      .where('vendor_code', '=', vendor)
      .executeTakeFirst();
    return row?.secret ?? null;
  }

  async setSecret(merchant: string, vendor: string, secret: string): Promise<void> {
    await this.db
      .insertInto('vendor_secret')
      .values({ merchant_code: merchant, vendor_code: vendor, secret })
      .onConflict((oc) =>
        oc.columns(['merchant_code', 'vendor_code']).doUpdateSet({ secret, created_at: new Date() }),
      )
      .execute();
  }

  /**
   * Marks a round as rolled back, under the round's lock (db/functions/bets.sql), committed before the
   * caller looks for its bet. WARNING: run it on its own, never inside a longer transaction: the
   * lock is held until the transaction ends, and stakes of the round wait for it.
   */
  async markRolledBack(merchant: string, vendor: string, roundId: string): Promise<void> {
    await sql`SELECT vendor_rollback_mark(${merchant}, ${vendor}, ${roundId})`.execute(this.db);
  }

  /** Whether a round has a rollback marker (committed before this is asked). */
  async isRolledBack(merchant: string, vendor: string, roundId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('vendor_rollback')
      .select('round_id')
      .where('merchant_code', '=', merchant)
      .where('vendor_code', '=', vendor)
      .where('round_id', '=', roundId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
