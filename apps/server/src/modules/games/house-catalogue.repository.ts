import type { HouseEngine } from '@app/contracts';
import type { Db } from '../../db/repository';

export interface HouseVendorRow {
  code: string;
  game_type: string;
  display_name: string;
  logo_path: string;
}

export interface HouseGameRow {
  vendor_code: string;
  game_type: string;
  game_id: string;
  game_code: string;
  display_name: string;
  names: string;
  classify: string;
  min_bet: bigint;
  line_num: number;
  is_hot: boolean;
  icon_path: string;
  engine: HouseEngine | null;
  sort: number;
}

/** SQL of the house offer: which of its rows a brand has, and adding the missing ones. */
export class HouseCatalogueRepository {
  constructor(private readonly db: Db) {}

  vendors(merchant: string, codes: string[]) {
    return this.db
      .selectFrom('vendor')
      .select(['code', 'game_type', 'enabled'])
      .where('merchant_code', '=', merchant)
      .where('code', 'in', codes)
      .execute();
  }

  games(merchant: string, codes: string[]) {
    return this.db
      .selectFrom('game')
      .select(['vendor_code', 'game_code'])
      .where('merchant_code', '=', merchant)
      .where('vendor_code', 'in', codes)
      .execute();
  }

  /**
   * In one transaction, the vendor and game rows the brand lacks; a row already there (switched
   * off by staff, renamed, reordered) is left exactly as it is. Answers what was inserted.
   */
  async add(
    merchant: string,
    vendors: HouseVendorRow[],
    games: HouseGameRow[],
  ): Promise<{
    vendors: { code: string; game_type: string }[];
    games: { vendor_code: string; game_code: string }[];
  }> {
    return this.db.transaction().execute(async (trx) => {
      // New vendors go after the category's existing ones: staff ordered those on purpose.
      const last = await trx
        .selectFrom('vendor')
        .select(['game_type', (eb) => eb.fn.max('sort').as('sort')])
        .where('merchant_code', '=', merchant)
        .groupBy('game_type')
        .execute();
      const next = new Map(last.map((r) => [r.game_type, Number(r.sort) + 1]));
      const addedVendors = vendors.length
        ? await trx
            .insertInto('vendor')
            .values(
              vendors.map((v) => {
                const sort = next.get(v.game_type) ?? 0;
                next.set(v.game_type, sort + 1);
                return {
                  merchant_code: merchant,
                  code: v.code,
                  game_type: v.game_type,
                  display_name: v.display_name,
                  is_hot: false,
                  is_game: null,
                  logo_path: v.logo_path,
                  wallet_type: 'SEAMLESS',
                  sort,
                  enabled: true,
                  adapter: 'HOUSE',
                };
              }),
            )
            .onConflict((oc) => oc.columns(['merchant_code', 'code', 'game_type']).doNothing())
            .returning(['code', 'game_type'])
            .execute()
        : [];
      const addedGames = games.length
        ? await trx
            .insertInto('game')
            .values(
              games.map((g) => ({
                merchant_code: merchant,
                ...g,
                is_game: null,
                default_play_type: null,
              })),
            )
            .onConflict((oc) => oc.columns(['merchant_code', 'vendor_code', 'game_code']).doNothing())
            .returning(['vendor_code', 'game_code'])
            .execute()
        : [];
      return { vendors: addedVendors, games: addedGames };
    });
  }
}
