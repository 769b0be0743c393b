import type { HouseEngine } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/repository';
import type { GameIcons, LocalizedText } from '../../db/schema';

/** A catalogue row with its vendor's facts (what every list is built from). */
export interface CatalogueRow {
  node_id: string;
  vendor_code: string;
  game_type: string;
  game_id: string;
  game_code: string;
  display_name: string;
  names: LocalizedText;
  classify: string;
  min_bet: string;
  line_num: number;
  is_hot: boolean;
  is_new: boolean;
  icons: GameIcons;
  is_game: string | null;
  default_play_type: string | null;
  icon_path: string;
  engine: HouseEngine | null;
  vendor_name: string;
  vendor_sort: number;
  wallet_type: string;
  adapter: string;
}

interface WinnerRow {
  username: string;
  vendor_code: string;
  game_type: string;
  game_code: string;
  game_name: string;
  stake: string;
  payout: string;
  settled_at: Date;
}

/** SQL of the catalogue, favourites, recent games and the boards built from bet records. */
export class GameRepository {
  constructor(private readonly db: Db) {}

  /** Every enabled game of the brand whose vendor row is enabled, in display order. */
  catalogue(merchant: string): Promise<CatalogueRow[]> {
    return this.db
      .selectFrom('game as g')
      .innerJoin('vendor as v', (j) =>
        j
          .onRef('v.merchant_code', '=', 'g.merchant_code')
          .onRef('v.code', '=', 'g.vendor_code')
          .onRef('v.game_type', '=', 'g.game_type'),
      )
      .select([
        'g.node_id',
        'g.vendor_code',
        'g.game_type',
        'g.game_id',
        'g.game_code',
        'g.display_name',
        'g.names',
        'g.classify',
        'g.min_bet',
        'g.line_num',
        'g.is_hot',
        'g.is_new',
        'g.icons',
        'g.is_game',
        'g.default_play_type',
        'g.icon_path',
        'g.engine',
        'v.display_name as vendor_name',
        'v.sort as vendor_sort',
        'v.wallet_type',
        'v.adapter',
      ])
      .where('g.merchant_code', '=', merchant)
      .where('g.enabled', '=', true)
      .where('v.enabled', '=', true)
      .orderBy('v.sort')
      .orderBy('g.vendor_code')
      .orderBy('g.sort')
      .orderBy('g.node_id')
      .execute();
  }

  async favoriteIds(memberId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('favorite_game')
      .select('node_id')
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('node_id', 'desc')
      .execute();
    return rows.map((r) => r.node_id);
  }

  /** Adds a favourite; adding one twice changes nothing. */
  async addFavorite(memberId: string, nodeId: string): Promise<void> {
    await this.db
      .insertInto('favorite_game')
      .values({ member_id: memberId, node_id: nodeId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeFavorite(memberId: string, nodeId: string): Promise<void> {
    await this.db
      .deleteFrom('favorite_game')
      .where('member_id', '=', memberId)
      .where('node_id', '=', nodeId)
      .execute();
  }

  /** Records a launch: the game moves to the top of the member's recent list. */
  async touchRecent(memberId: string, nodeId: string): Promise<void> {
    await this.db
      .insertInto('recent_game')
      .values({ member_id: memberId, node_id: nodeId, played_at: new Date() })
      .onConflict((oc) => oc.columns(['member_id', 'node_id']).doUpdateSet({ played_at: new Date() }))
      .execute();
  }

  async recentIds(memberId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('recent_game')
      .select('node_id')
      .where('member_id', '=', memberId)
      .orderBy('played_at', 'desc')
      .orderBy('node_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.node_id);
  }

  /** The newest settled wins of the brand (payout above stake), optionally of one game type. */
  winners(merchant: string, limit: number, gameType?: string): Promise<WinnerRow[]> {
    let q = this.db
      .selectFrom('bet_record as b')
      .innerJoin('member as m', 'm.id', 'b.member_id')
      .select([
        'm.username',
        'b.vendor_code',
        'b.game_type',
        'b.game_code',
        'b.game_name',
        'b.stake',
        'b.payout',
        sql<Date>`b.settled_at`.as('settled_at'),
      ])
      .where('b.merchant_code', '=', merchant)
      .where('b.status', '=', 'SETTLED')
      .where(sql<boolean>`b.payout > b.stake`)
      // Trial accounts play with play money: their wins are not shown.
      .where('m.is_agent', '<>', 4);
    if (gameType) q = q.where('b.game_type', '=', gameType);
    return q.orderBy('b.settled_at', 'desc').limit(limit).execute();
  }

  /**
   * The brand's progressive jackpot wins of the last `days`, newest first (paid from the pool,
   * beside the bet: not in the bet records' payout).
   */
  jackpotWinners(merchant: string, days: number, limit: number, gameType?: string): Promise<WinnerRow[]> {
    let q = this.db
      .selectFrom('jackpot_win as w')
      .innerJoin('member as m', 'm.id', 'w.member_id')
      .select([
        'm.username',
        'w.vendor_code',
        'w.game_type',
        'w.game_code',
        'w.game_name',
        sql<string>`w.stake::text`.as('stake'),
        sql<string>`w.amount::text`.as('payout'),
        sql<Date>`w.created_at`.as('settled_at'),
      ])
      .where('w.merchant_code', '=', merchant)
      .where('w.created_at', '>', sql<Date>`now() - make_interval(days => ${days})`);
    if (gameType) q = q.where('w.game_type', '=', gameType);
    return q.orderBy('w.created_at', 'desc').limit(limit).execute();
  }

  /** Bets per game over the last `days`, most played first. */
  async playCounts(
    merchant: string,
    days: number,
    limit: number,
  ): Promise<{ vendor: string; code: string; n: number }[]> {
    const rows = await this.db
      .selectFrom('bet_record')
      .select(['vendor_code', 'game_code', sql<number>`count(*)::int`.as('n')])
      .where('merchant_code', '=', merchant)
      .where('placed_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
      .groupBy(['vendor_code', 'game_code'])
      .orderBy('n', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ vendor: r.vendor_code, code: r.game_code, n: r.n }));
  }
}
