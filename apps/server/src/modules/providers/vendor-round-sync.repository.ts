import type { Db } from '../../db/repository';

/** The round-history sync's watermarks: per brand and adapter, where the stored rounds end. */
export class VendorRoundSyncRepository {
  constructor(private readonly db: Db) {}

  async watermark(merchant: string, adapter: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('vendor_round_sync')
      .select('synced_to')
      .where('merchant_code', '=', merchant)
      .where('adapter', '=', adapter)
      .executeTakeFirst();
    return row?.synced_to ?? null;
  }

  /** Moves the watermark forward only (two syncs at once never move it back). */
  async advance(merchant: string, adapter: string, to: Date): Promise<void> {
    await this.db
      .insertInto('vendor_round_sync')
      .values({ merchant_code: merchant, adapter, synced_to: to })
      .onConflict((oc) =>
        oc
          .columns(['merchant_code', 'adapter'])
          .doUpdateSet({ synced_to: to, updated_at: new Date() })
          .where('vendor_round_sync.synced_to', '<', to),
      )
      .execute();
  }
}
