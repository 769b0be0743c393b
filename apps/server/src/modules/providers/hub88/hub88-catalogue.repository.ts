import { sql } from 'kysely';
import type { Db } from '../../../db/repository';

export interface StudioRow {
  code: string;
  gameType: string;
  displayName: string;
}

export interface CatalogueGameRow {
  vendor: string;
  gameType: string;
  gameCode: string;
  displayName: string;
  names: Record<string, string>;
  classify: string;
  iconPath: string;
  enabled: boolean;
}

/** SQL of the catalogue rows an aggregator's sync writes: vendors (studios) and their games. */
export class Hub88CatalogueRepository {
  constructor(private readonly db: Db) {}

  /**
   * In one transaction: the studios as vendors of `adapter` (SEAMLESS), their games inserted or
   * updated, and the adapter's games that left the list switched off. Answers how many games
   * were switched off.
   */
  async apply(
    merchant: string,
    adapter: string,
    studios: StudioRow[],
    games: CatalogueGameRow[],
  ): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      for (const s of studios) {
        await tx
          .insertInto('vendor')
          .values({
            merchant_code: merchant,
            code: s.code,
            game_type: s.gameType,
            display_name: s.displayName,
            is_hot: false,
            is_game: null,
            logo_path: '',
            wallet_type: 'SEAMLESS',
            sort: 100,
            enabled: true,
            adapter,
          })
          .onConflict((oc) =>
            oc.columns(['merchant_code', 'code', 'game_type']).doUpdateSet({
              display_name: s.displayName,
              wallet_type: 'SEAMLESS',
              adapter,
            }),
          )
          .execute();
      }
      for (const g of games) {
        await tx
          .insertInto('game')
          .values({
            merchant_code: merchant,
            vendor_code: g.vendor,
            game_type: g.gameType,
            game_id: g.gameCode,
            game_code: g.gameCode,
            display_name: g.displayName,
            names: JSON.stringify(g.names),
            classify: g.classify,
            min_bet: 1n,
            line_num: 0,
            is_hot: false,
            is_game: null,
            default_play_type: null,
            icon_path: g.iconPath,
            engine: null,
            sort: 0,
            enabled: g.enabled,
          })
          .onConflict((oc) =>
            oc.columns(['merchant_code', 'vendor_code', 'game_code']).doUpdateSet({
              game_type: g.gameType,
              display_name: g.displayName,
              names: JSON.stringify(g.names),
              classify: g.classify,
              icon_path: g.iconPath,
              enabled: g.enabled,
            }),
          )
          .execute();
      }
      const listed = games.map((g) => `${g.vendor}|${g.gameCode}`);
      const off = await tx
        .updateTable('game')
        .set({ enabled: false })
        .where('merchant_code', '=', merchant)
        .where('enabled', '=', true)
        .where(
          'vendor_code',
          'in',
          tx
            .selectFrom('vendor')
            .select('code')
            .where('merchant_code', '=', merchant)
            .where('adapter', '=', adapter),
        )
        .where(sql<boolean>`(vendor_code || '|' || game_code) <> ALL(${sql.val(listed)}::text[])`)
        .executeTakeFirst();
      return Number(off.numUpdatedRows);
    });
  }
}
