import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of vendor secrets and rollback markers. */
export class VendorCallbackRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  /** Marks a round as rolled back (committed before the caller looks for its bet). */
  async markRolledBack(merchant: string, vendor: string, roundId: string): Promise<void> {
    await this.db
      .insertInto('vendor_rollback')
      .values({ merchant_code: merchant, vendor_code: vendor, round_id: roundId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

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
