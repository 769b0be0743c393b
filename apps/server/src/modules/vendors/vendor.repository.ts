import type { Db } from '../../db/repository';

export class VendorRepository {
  constructor(private readonly db: Db) {}

  listEnabled(merchant: string, gameType?: string) {
    let q = this.db
      .selectFrom('vendor')
      .select(['code', 'game_type', 'display_name', 'is_hot', 'is_game', 'logo_path', 'wallet_type'])
      .where('merchant_code', '=', merchant)
      .where('enabled', '=', true);
    if (gameType) q = q.where('game_type', '=', gameType);
    return q.orderBy('sort').orderBy('code').execute();
  }

  /** Every vendor row of the brand, enabled or not (wallets: money may sit in a switched-off vendor). */
  listWallets(merchant: string) {
    return this.db
      .selectFrom('vendor')
      .select(['code', 'game_type', 'display_name', 'wallet_type', 'enabled', 'adapter'])
      .where('merchant_code', '=', merchant)
      .orderBy('sort')
      .orderBy('code')
      .execute();
  }

  /** Switches every vendor of a game type on or off; answers the vendor codes changed. */
  async setTypeEnabled(merchant: string, gameType: string, enabled: boolean): Promise<string[]> {
    const rows = await this.db
      .updateTable('vendor')
      .set({ enabled })
      .where('merchant_code', '=', merchant)
      .where('game_type', '=', gameType)
      .returning('code')
      .execute();
    return rows.map((r) => r.code);
  }

  /** Every vendor row any brand serves through an adapter (the round-history sync's work list). */
  listByAdapter(adapter: string) {
    return this.db
      .selectFrom('vendor')
      .select(['merchant_code', 'code', 'game_type', 'wallet_type', 'enabled'])
      .where('adapter', '=', adapter)
      .orderBy('merchant_code')
      .orderBy('sort')
      .orderBy('code')
      .execute();
  }
}
