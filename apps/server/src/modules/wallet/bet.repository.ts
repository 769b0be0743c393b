import { sql, type Kysely, type Selectable } from 'kysely';
import type { BetRecordTable, Database } from '../../db/schema';

/** The root database or an open transaction: writes join the caller's transaction. */
export type Db = Kysely<Database>;

export type BetRow = Selectable<BetRecordTable>;
/** A bet row and the member's main balance read in the same statement. */
export type BetRowWithBalance = BetRow & { balance: string };

/** The main wallet's balance as a RETURNING column: no extra round trip on the hot path. */
const mainBalance = (mainAccountId: string) =>
  sql<string>`(SELECT balance FROM ledger_account WHERE id = ${mainAccountId})`.as('balance');

/** SQL of bet records (their money is the ledger's). */
export class BetRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  insert(
    trx: Db,
    b: {
      merchant: string;
      memberId: string;
      vendor: string;
      gameType: string;
      gameCode: string;
      gameName: string;
      roundId: string;
      stake: bigint;
      stakeEntryId: string;
    },
    mainAccountId: string,
  ): Promise<BetRowWithBalance> {
    return trx
      .insertInto('bet_record')
      .values({
        merchant_code: b.merchant,
        member_id: b.memberId,
        vendor_code: b.vendor,
        game_type: b.gameType,
        game_code: b.gameCode,
        game_name: b.gameName,
        round_id: b.roundId,
        stake: b.stake,
        stake_entry_id: b.stakeEntryId,
      })
      .returningAll()
      .returning(mainBalance(mainAccountId))
      .executeTakeFirstOrThrow();
  }

  byRound(merchant: string, vendor: string, roundId: string, db: Db = this.db): Promise<BetRow | undefined> {
    return db
      .selectFrom('bet_record')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('vendor_code', '=', vendor)
      .where('round_id', '=', roundId)
      .executeTakeFirst();
  }

  /** The bet row locked for the rest of the transaction: settle and void of one round serialise here. */
  lockById(trx: Db, id: string): Promise<BetRow> {
    return trx
      .selectFrom('bet_record')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  /** OPEN → SETTLED or VOID, with what the settlement says. */
  close(
    trx: Db,
    id: string,
    c: { status: 'SETTLED' | 'VOID'; payout: bigint; validBet: bigint; entryId: string },
    mainAccountId: string,
  ): Promise<BetRowWithBalance> {
    return trx
      .updateTable('bet_record')
      .set({
        status: c.status,
        payout: c.payout,
        valid_bet: c.validBet,
        settle_entry_id: c.entryId,
        settled_at: new Date(),
      })
      .where('id', '=', id)
      .where('status', '=', 'OPEN')
      .returningAll()
      .returning(mainBalance(mainAccountId))
      .executeTakeFirstOrThrow();
  }

  async balance(db: Db, accountId: string): Promise<bigint> {
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return BigInt(row?.balance ?? '0');
  }
}
