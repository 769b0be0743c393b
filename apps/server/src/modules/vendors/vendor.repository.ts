import { sql } from 'kysely';
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

  /** Every vendor row of the brand with its games counted (the back office's vendor table). */
  adminList(merchant: string) {
    return this.db
      .selectFrom('vendor as v')
      .select([
        'v.code',
        'v.game_type',
        'v.display_name',
        'v.sort',
        'v.enabled',
        'v.is_hot',
        'v.adapter',
        'v.wallet_type',
        sql<number>`(SELECT count(*)::int FROM game g WHERE g.merchant_code = v.merchant_code AND g.vendor_code = v.code AND g.game_type = v.game_type)`.as(
          'games',
        ),
        sql<number>`(SELECT count(*)::int FROM game g WHERE g.merchant_code = v.merchant_code AND g.vendor_code = v.code AND g.game_type = v.game_type AND g.enabled)`.as(
          'enabled_games',
        ),
      ])
      .where('v.merchant_code', '=', merchant)
      .orderBy('v.sort')
      .orderBy('v.code')
      .orderBy('v.game_type')
      .execute();
  }

  /** Changes one vendor row; answers it before and after (undefined: no such row). */
  async update(
    merchant: string,
    code: string,
    gameType: string,
    set: Partial<{ enabled: boolean; is_hot: boolean; sort: number; display_name: string }>,
  ) {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('vendor')
        .select(['enabled', 'is_hot', 'sort', 'display_name'])
        .where('merchant_code', '=', merchant)
        .where('code', '=', code)
        .where('game_type', '=', gameType)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      const after = await trx
        .updateTable('vendor')
        .set(set)
        .where('merchant_code', '=', merchant)
        .where('code', '=', code)
        .where('game_type', '=', gameType)
        .returning(['enabled', 'is_hot', 'sort', 'display_name'])
        .executeTakeFirstOrThrow();
      return { before, after };
    });
  }
}
