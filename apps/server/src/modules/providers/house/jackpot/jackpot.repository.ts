import { sql } from 'kysely';
import { Repository, type Db } from '../../../../db/repository';
import { ACCRUAL_PER_MINOR } from './jackpot-figures';

export interface JackpotWinRow {
  id: string;
  round_id: string;
  vendor_code: string;
  member_id: string;
  game_type: string;
  game_code: string;
  game_name: string;
  stake: string;
  amount: string;
  seed: string;
  created_at: Date;
}

const WIN_COLUMNS = [
  'id',
  'round_id',
  'vendor_code',
  'member_id',
  'game_type',
  'game_code',
  'game_name',
  'stake',
  'amount',
  'seed',
  'created_at',
] as const;

/** SQL of jackpot pools, their balance shards and their wins (the money is the ledger's). */
export class JackpotRepository extends Repository {
  async poolAccount(merchant: string, pool: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('jackpot_pool')
      .select('account_id')
      .where('merchant_code', '=', merchant)
      .where('pool', '=', pool)
      .executeTakeFirst();
    return row?.account_id;
  }

  /** Creates the pool and its empty shards unless it exists; answers whether it was created now. */
  async createPool(
    trx: Db,
    merchant: string,
    pool: string,
    accountId: string,
    shards: number,
  ): Promise<boolean> {
    const created = await trx
      .insertInto('jackpot_pool')
      .values({ merchant_code: merchant, pool, account_id: accountId })
      .onConflict((oc) => oc.columns(['merchant_code', 'pool']).doNothing())
      .returning('pool')
      .executeTakeFirst();
    if (!created) return false;
    await trx
      .insertInto('jackpot_shard')
      .values(Array.from({ length: shards }, (_, shard) => ({ merchant_code: merchant, pool, shard })))
      .execute();
    return true;
  }

  /**
   * Adds a contribution (ten-thousandths of a minor unit) to one shard, its whole units to the
   * shard's amount, under the shard's row lock. Answers the shard's accrual after it.
   */
  async accrue(trx: Db, merchant: string, pool: string, shard: number, accrual: bigint): Promise<bigint> {
    const per = ACCRUAL_PER_MINOR.toString();
    const a = accrual.toString();
    const row = await trx
      .updateTable('jackpot_shard')
      .set({
        amount: sql`amount + ((accrued + ${a}::bigint) / ${per}::bigint - accrued / ${per}::bigint)`,
        accrued: sql`accrued + ${a}::bigint`,
      })
      .where('merchant_code', '=', merchant)
      .where('pool', '=', pool)
      .where('shard', '=', shard)
      .returning('accrued')
      .executeTakeFirst();
    if (!row) throw new Error(`jackpot ${merchant}/${pool} has no shard ${shard}`);
    return BigInt(row.accrued);
  }

  /** Adds whole minor units to shard 0 (a seed). */
  async addToFirstShard(trx: Db, merchant: string, pool: string, amount: bigint): Promise<void> {
    await trx
      .updateTable('jackpot_shard')
      .set({ amount: sql`amount + ${amount.toString()}::bigint` })
      .where('merchant_code', '=', merchant)
      .where('pool', '=', pool)
      .where('shard', '=', 0)
      .execute();
  }

  /**
   * Locks every shard of the pool, in shard order (the order every path takes), for the rest of
   * the caller's transaction; answers their balance (the pool's) as of the lock.
   */
  async lockShards(trx: Db, merchant: string, pool: string): Promise<bigint> {
    const { rows } = await sql<{ amount: string }>`
      SELECT amount::text FROM jackpot_shard
       WHERE merchant_code = ${merchant} AND pool = ${pool}
       ORDER BY shard FOR UPDATE`.execute(trx);
    if (rows.length === 0) throw new Error(`jackpot ${merchant}/${pool} has no shards`);
    return rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
  }

  /** After a win (shards locked): the pool holds the seed alone, in shard 0. */
  async resetShards(trx: Db, merchant: string, pool: string, seed: bigint): Promise<void> {
    await trx
      .updateTable('jackpot_shard')
      .set({ amount: sql`CASE WHEN shard = 0 THEN ${seed.toString()}::bigint ELSE 0 END` })
      .where('merchant_code', '=', merchant)
      .where('pool', '=', pool)
      .execute();
  }

  /** The pool's balance and every contribution ever (whole minor units); null if it has no pool yet. */
  async totals(merchant: string, pool: string): Promise<{ amount: bigint; contributed: bigint } | null> {
    const { rows } = await sql<{ amount: string | null; accrued: string | null; shards: number }>`
      SELECT sum(amount)::text AS amount, sum(accrued)::text AS accrued, count(*)::int AS shards
        FROM jackpot_shard WHERE merchant_code = ${merchant} AND pool = ${pool}`.execute(this.db);
    const r = rows[0];
    if (!r || r.shards === 0) return null;
    return {
      amount: BigInt(r.amount ?? '0'),
      contributed: BigInt(r.accrued ?? '0') / ACCRUAL_PER_MINOR,
    };
  }

  winByRound(db: Db, merchant: string, vendor: string, roundId: string): Promise<JackpotWinRow | undefined> {
    return db
      .selectFrom('jackpot_win')
      .select(WIN_COLUMNS)
      .where('merchant_code', '=', merchant)
      .where('vendor_code', '=', vendor)
      .where('round_id', '=', roundId)
      .executeTakeFirst();
  }

  async insertWin(
    trx: Db,
    w: {
      merchant: string;
      pool: string;
      vendor: string;
      roundId: string;
      memberId: string;
      gameType: string;
      gameCode: string;
      gameName: string;
      stake: bigint;
      amount: bigint;
      seed: bigint;
      entryId: string;
    },
  ): Promise<JackpotWinRow> {
    return trx
      .insertInto('jackpot_win')
      .values({
        merchant_code: w.merchant,
        pool: w.pool,
        vendor_code: w.vendor,
        round_id: w.roundId,
        member_id: w.memberId,
        game_type: w.gameType,
        game_code: w.gameCode,
        game_name: w.gameName,
        stake: w.stake,
        amount: w.amount,
        seed: w.seed,
        entry_id: w.entryId,
      })
      .returning(WIN_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /** The brand's newest wins with the winner's username, newest first. */
  recentWins(merchant: string, pool: string, limit: number) {
    return this.db
      .selectFrom('jackpot_win as w')
      .innerJoin('member as m', 'm.id', 'w.member_id')
      .select(['w.amount', 'w.stake', 'w.vendor_code', 'w.game_code', 'w.game_name', 'w.created_at'])
      .select('m.username')
      .where('w.merchant_code', '=', merchant)
      .where('w.pool', '=', pool)
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(limit)
      .execute();
  }
}
