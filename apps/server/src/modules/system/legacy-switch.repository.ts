import { Repository, type Db } from '../../db/repository';

/** The brand's legacy-compatibility switch. SQL only. */
export class LegacySwitchRepository extends Repository {
  /** The switch, its row locked until the transaction ends (null: no such brand). */
  async lockedState(tx: Db, merchant: string): Promise<boolean | null> {
    const row = await tx
      .selectFrom('merchant')
      .select('legacy_crypto')
      .where('code', '=', merchant)
      .forUpdate()
      .executeTakeFirst();
    return row ? row.legacy_crypto : null;
  }

  async set(tx: Db, merchant: string, enabled: boolean): Promise<void> {
    await tx.updateTable('merchant').set({ legacy_crypto: enabled }).where('code', '=', merchant).execute();
  }
}
