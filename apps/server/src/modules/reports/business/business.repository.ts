import type { BusinessBreakdownBy, BusinessGroupBy, HouseEngine } from '@app/contracts';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../../../db/repository';
import type { Database } from '../../../db/schema';
import { reportRead } from '../report-read';
import type { ReportScope } from '../report-scope';

/** Bet figures summed over report_game_day rows (minor units). */
export interface GameSums {
  bets: bigint;
  turnover: bigint;
  validTurnover: bigint;
  settled: bigint;
  settledStake: bigint;
  payout: bigint;
  ggr: bigint;
  ratioSq: number;
}

export interface BucketSums extends GameSums {
  bucket: string;
}

export interface BonusSums {
  bucket: string;
  amount: bigint;
}

export interface BreakdownSums extends GameSums {
  /** category: game type; vendor: vendor code; game: vendor code and game code. */
  gameType: string;
  vendorCode: string | null;
  vendorName: string | null;
  gameCode: string | null;
  gameName: string | null;
  engine: HouseEngine | null;
}

export interface BetRow {
  id: string;
  merchantCode: string;
  memberId: string;
  username: string;
  roundId: string;
  gameName: string;
  stake: bigint;
  validBet: bigint;
  payout: bigint;
  status: 'OPEN' | 'SETTLED' | 'VOID';
  placedAt: Date;
  settledAt: Date | null;
  /** placed_at in microseconds since the epoch (exact), for the keyset cursor. */
  placedUs: string;
}

/** The keyset position of a bet: (placed_at in µs, id). */
export interface BetCursor {
  placedUs: string;
  id: string;
}

type SumRow = Record<
  'bets' | 'turnover' | 'valid' | 'settled' | 'settled_stake' | 'payout' | 'ggr',
  string
> & {
  ratio_sq: number | string;
};

const SUMS = sql`
  sum(bets)::text AS bets, sum(turnover)::text AS turnover, sum(valid_turnover)::text AS valid,
  sum(settled)::text AS settled, sum(settled_stake)::text AS settled_stake, sum(payout)::text AS payout,
  sum(ggr)::text AS ggr, sum(ratio_sq)::float8 AS ratio_sq`;

const sums = (r: SumRow): GameSums => ({
  bets: BigInt(r.bets),
  turnover: BigInt(r.turnover),
  validTurnover: BigInt(r.valid),
  settled: BigInt(r.settled),
  settledStake: BigInt(r.settled_stake),
  payout: BigInt(r.payout),
  ggr: BigInt(r.ggr),
  ratioSq: Number(r.ratio_sq),
});

const UNIT: Record<BusinessGroupBy, string> = { day: 'day', week: 'week', month: 'month' };

/**
 * The business reports' reads: report_game_day and report_bonus_day (the aggregates, never the
 * bets) for the figures; bet_record only for the drill-down to one game's bets.
 */
export class BusinessRepository {
  constructor(private readonly db: Db) {}

  private where(scope: ReportScope): RawBuilder<unknown> {
    return sql`merchant_code IN (${sql.join(scope.merchants)})
      AND day BETWEEN ${scope.from}::date AND ${scope.to}::date`;
  }

  /** The group estimate (games × days) would otherwise sort on disk. */
  private read<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return reportRead(this.db, '64MB', fn);
  }

  /** Bet figures per bucket (weeks start on Monday: ISO weeks); buckets with nothing are absent. */
  async bucketSums(scope: ReportScope, groupBy: BusinessGroupBy): Promise<BucketSums[]> {
    const unit = UNIT[groupBy];
    const { rows } = await this.read((trx) =>
      sql<SumRow & { bucket: string }>`
      SELECT date_trunc(${unit}, day::timestamp)::date::text AS bucket, ${SUMS}
        FROM report_game_day WHERE ${this.where(scope)}
       GROUP BY 1`.execute(trx),
    );
    return rows.map((r) => ({ bucket: r.bucket, ...sums(r) }));
  }

  /** Bonus cost per bucket. */
  async bonusSums(scope: ReportScope, groupBy: BusinessGroupBy): Promise<BonusSums[]> {
    const unit = UNIT[groupBy];
    const { rows } = await this.read((trx) =>
      sql<{ bucket: string; amount: string }>`
      SELECT date_trunc(${unit}, day::timestamp)::date::text AS bucket, sum(amount)::text AS amount
        FROM report_bonus_day WHERE ${this.where(scope)}
       GROUP BY 1`.execute(trx),
    );
    return rows.map((r) => ({ bucket: r.bucket, amount: BigInt(r.amount) }));
  }

  /**
   * Bet figures by category, vendor or game over the period, biggest turnover first (`top`: only
   * the first rows). One aggregate over the primary key's (brand, day) range, then the names of
   * the rows found: vendors and games as the first brand in scope (by code) lists them.
   */
  async breakdown(scope: ReportScope, by: BusinessBreakdownBy, top: number | null): Promise<BreakdownSums[]> {
    const brands = sql.join(scope.merchants);
    const limit = top === null ? sql`` : sql`LIMIT ${top}`;
    const group =
      by === 'category'
        ? sql`game_type, NULL::text AS vendor_code, NULL::text AS game_code`
        : by === 'vendor'
          ? sql`CASE WHEN count(DISTINCT game_type) = 1 THEN min(game_type) ELSE '' END AS game_type,
                vendor_code, NULL::text AS game_code`
          : sql`min(game_type) AS game_type, vendor_code, game_code`;
    const groupBy =
      by === 'category' ? sql`game_type` : by === 'vendor' ? sql`vendor_code` : sql`vendor_code, game_code`;
    const { rows } = await this.read((trx) =>
      sql<
        SumRow & {
          game_type: string;
          vendor_code: string | null;
          game_code: string | null;
          vendor_name: string | null;
          game_name: string | null;
          engine: HouseEngine | null;
        }
      >`
      WITH g AS (
        SELECT ${group}, ${SUMS}
          FROM report_game_day WHERE ${this.where(scope)}
         GROUP BY ${groupBy}
         ORDER BY sum(turnover) DESC, 2, 3
         ${limit}
      )
      SELECT g.*, v.display_name AS vendor_name, c.display_name AS game_name, c.engine
        FROM g
        LEFT JOIN LATERAL (
          SELECT display_name FROM vendor
           WHERE g.vendor_code IS NOT NULL AND merchant_code IN (${brands}) AND code = g.vendor_code
           -- A vendor has a row (and a name) per category: the row's own category's first.
           ORDER BY game_type = g.game_type DESC, merchant_code, game_type LIMIT 1) v ON true
        LEFT JOIN LATERAL (
          SELECT display_name, engine FROM game
           WHERE g.game_code IS NOT NULL AND merchant_code IN (${brands})
             AND vendor_code = g.vendor_code AND game_code = g.game_code
           ORDER BY merchant_code LIMIT 1) c ON true
       ORDER BY g.turnover::numeric DESC, g.game_type, g.vendor_code, g.game_code`.execute(trx),
    );
    return rows.map((r) => ({
      ...sums(r),
      gameType: r.game_type,
      vendorCode: r.vendor_code,
      vendorName: r.vendor_name,
      gameCode: r.game_code,
      gameName: r.game_name,
      engine: r.engine,
    }));
  }

  /**
   * One game's bets placed in the period (each brand's local days), newest first, `limit` from
   * after `cursor`.
   */
  async bets(
    scope: ReportScope,
    vendor: string,
    gameCode: string,
    cursor: BetCursor | null,
    limit: number,
  ): Promise<BetRow[]> {
    const after = cursor
      ? sql`AND (r.placed_at, r.id) < ('epoch'::timestamptz + (${cursor.placedUs} || ' microseconds')::interval,
                                      ${cursor.id}::bigint)`
      : sql``;
    const { rows } = await sql<{
      id: string;
      merchant_code: string;
      member_id: string;
      username: string;
      round_id: string;
      game_name: string;
      stake: string;
      valid_bet: string;
      payout: string;
      status: 'OPEN' | 'SETTLED' | 'VOID';
      placed_at: Date;
      settled_at: Date | null;
      placed_us: string;
    }>`
      SELECT r.id::text AS id, r.merchant_code, r.member_id::text AS member_id, m.username, r.round_id,
             r.game_name, r.stake::text AS stake, r.valid_bet::text AS valid_bet, r.payout::text AS payout,
             r.status, r.placed_at, r.settled_at,
             (extract(epoch FROM r.placed_at) * 1000000)::bigint::text AS placed_us
        FROM merchant z
        JOIN bet_record r
          ON r.merchant_code = z.code AND r.vendor_code = ${vendor} AND r.game_code = ${gameCode}
         AND r.placed_at >= (${scope.from}::date::timestamp AT TIME ZONE z.timezone)
         AND r.placed_at < ((${scope.to}::date + 1)::timestamp AT TIME ZONE z.timezone)
        JOIN member m ON m.id = r.member_id
       WHERE z.code IN (${sql.join(scope.merchants)}) ${after}
       ORDER BY r.placed_at DESC, r.id DESC
       LIMIT ${limit}`.execute(this.db);
    return rows.map((r) => ({
      id: r.id,
      merchantCode: r.merchant_code,
      memberId: r.member_id,
      username: r.username,
      roundId: r.round_id,
      gameName: r.game_name,
      stake: BigInt(r.stake),
      validBet: BigInt(r.valid_bet),
      payout: BigInt(r.payout),
      status: r.status,
      placedAt: new Date(r.placed_at),
      settledAt: r.settled_at === null ? null : new Date(r.settled_at),
      placedUs: r.placed_us,
    }));
  }
}
