import { sql } from 'kysely';
import type { Db } from '../../../db/repository';

export interface HouseRoundRow {
  round_id: string;
  bet: string;
  total_win: string;
  detail: unknown;
  created_at: Date;
}

interface NewHouseRound {
  merchant: string;
  memberId: string;
  nodeId: string;
  roundId: string;
  bet: bigint;
  totalWin: bigint;
  detail: unknown;
}

/** SQL of house-game rounds (what the engine decided, for recall). */
export class HouseRoundRepository {
  constructor(private readonly db: Db) {}

  byRound(merchant: string, roundId: string): Promise<HouseRoundRow | undefined> {
    return this.db
      .selectFrom('house_round')
      .select(['round_id', 'bet', 'total_win', 'detail', 'created_at'])
      .where('merchant_code', '=', merchant)
      .where('round_id', '=', roundId)
      .executeTakeFirst();
  }

  /** Stores a round's outcome unless one is stored already; answers the stored one either way. */
  async insertOnce(row: NewHouseRound): Promise<HouseRoundRow> {
    return (await this.insertNew(row)) ?? (await this.byRound(row.merchant, row.roundId))!;
  }

  /**
   * Stores a round's outcome on `db` (the caller's transaction, if it has one) unless one is
   * stored already; answers it, or undefined when the round was stored before.
   */
  insertNew(row: NewHouseRound, db: Db = this.db): Promise<HouseRoundRow | undefined> {
    return db
      .insertInto('house_round')
      .values({
        merchant_code: row.merchant,
        member_id: row.memberId,
        node_id: row.nodeId,
        round_id: row.roundId,
        bet: row.bet,
        total_win: row.totalWin,
        detail: JSON.stringify(row.detail),
      })
      .onConflict((oc) => oc.columns(['merchant_code', 'round_id']).doNothing())
      .returning(['round_id', 'bet', 'total_win', 'detail', 'created_at'])
      .executeTakeFirst();
  }

  latest(memberId: string, nodeId: string, limit: number): Promise<HouseRoundRow[]> {
    return this.db
      .selectFrom('house_round')
      .select(['round_id', 'bet', 'total_win', 'detail', 'created_at'])
      .where('member_id', '=', memberId)
      .where('node_id', '=', nodeId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Rounds stored at least `graceSeconds` ago whose bet (the stake the round's id names) is still
   * open: the outcome is known, the payout was never made.
   */
  storedButOpen(graceSeconds: number, limit: number) {
    // From the open bets (a partial index keeps them few), to their stored round (unique key).
    return this.db
      .selectFrom('bet_record as b')
      .innerJoin('house_round as r', (j) =>
        j.onRef('r.merchant_code', '=', 'b.merchant_code').onRef('r.round_id', '=', 'b.round_id'),
      )
      .select(['r.merchant_code', 'r.round_id', 'r.member_id', 'r.bet', 'r.total_win', 'b.vendor_code'])
      .where('b.status', '=', 'OPEN')
      .whereRef('b.member_id', '=', 'r.member_id')
      .where('b.placed_at', '<', sql<Date>`now() - make_interval(secs => ${graceSeconds})`)
      .orderBy('b.placed_at')
      .limit(limit)
      .execute();
  }
}
