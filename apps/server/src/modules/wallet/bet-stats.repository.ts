import { sql } from 'kysely';
import type { Db } from '../../db/repository';

export interface BetStatsRow {
  member_id: string;
  game_type: string;
  valid_bet: string;
  stake: string;
  payout: string;
  bets: string;
  wins: string;
}

/** SQL of valid-turnover sums over settled bets (see BetStatsService). */
export class BetStatsRepository {
  constructor(private readonly db: Db) {}

  async byBrand(merchant: string, from: Date, to: Date): Promise<BetStatsRow[]> {
    const { rows } = await sql<BetStatsRow>`
      SELECT b.member_id, b.game_type, sum(b.valid_bet)::text AS valid_bet, sum(b.stake)::text AS stake,
             sum(b.payout)::text AS payout, count(*)::text AS bets,
             count(*) FILTER (WHERE b.payout > b.stake)::text AS wins
        FROM bet_record b
       WHERE b.merchant_code = ${merchant} AND b.status = 'SETTLED'
         AND b.settled_at >= ${from} AND b.settled_at < ${to}
       GROUP BY b.member_id, b.game_type
       ORDER BY b.member_id, b.game_type`.execute(this.db);
    return rows;
  }

  /** A member's, searched among bets placed from `placedFrom` (the member index is by placing time). */
  async byMember(memberId: string, placedFrom: Date, from: Date, to: Date): Promise<BetStatsRow[]> {
    const { rows } = await sql<BetStatsRow>`
      SELECT b.member_id, b.game_type, sum(b.valid_bet)::text AS valid_bet, sum(b.stake)::text AS stake,
             sum(b.payout)::text AS payout, count(*)::text AS bets,
             count(*) FILTER (WHERE b.payout > b.stake)::text AS wins
        FROM bet_record b
       WHERE b.member_id = ${memberId} AND b.placed_at >= ${placedFrom} AND b.placed_at < ${to}
         AND b.status = 'SETTLED' AND b.settled_at >= ${from} AND b.settled_at < ${to}
       GROUP BY b.member_id, b.game_type
       ORDER BY b.game_type`.execute(this.db);
    return rows;
  }
}
