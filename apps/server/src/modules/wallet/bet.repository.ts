import { sql, type Kysely, type Selectable } from 'kysely';
import type { BetRecordTable, Database } from '../../db/schema';
import { GroupCommit, type Settled } from '../../platform/group-commit';

/** The root database or an open transaction: writes join the caller's transaction. */
export type Db = Kysely<Database>;

export type BetRow = Selectable<BetRecordTable>;
/** A bet row and the member's main balance read in the same statement. */
export type BetRowWithBalance = BetRow & { balance: string };

/** The main wallet's balance as a RETURNING column: no extra round trip on the hot path. */
const mainBalance = (mainAccountId: string) =>
  sql<string>`(SELECT balance FROM ledger_account WHERE id = ${mainAccountId})`.as('balance');

/** One stake to place: an entry debit -stake, credit +stake under the reference, and an OPEN bet record. */
export interface StakeItem {
  merchant: string;
  /**
   * The ledger reference (unique per brand). WARNING: a retry of one bet must build the same
   * reference, and two bets never the same one, or a stake moves twice or not at all.
   */
  reference: string;
  memberId: string;
  /** A player account (its balance must cover the stake). */
  debitAccountId: string;
  creditAccountId: string;
  stake: bigint;
  vendor: string;
  gameType: string;
  gameCode: string;
  gameName: string;
  roundId: string;
}

/**
 * What became of a stake. placed: moved now; repeat: the reference was applied before with the
 * same legs (nothing moved); conflict: applied before with other legs; insufficient: the debit
 * account cannot cover it. `bet` is the record (null if none), `balance` the debit account's
 * balance right after this stake (placed) or after the batch (repeat).
 */
export interface StakeOutcome {
  outcome: 'placed' | 'repeat' | 'conflict' | 'insufficient';
  bet: BetRow | null;
  balance: string | null;
}

type StakeRow = { item: number; outcome: StakeOutcome['outcome']; balance: string | null } & {
  [K in keyof BetRow]: BetRow[K] | null;
};

/** Stakes in one batch at most (a batch holds its accounts' row locks until it commits). */
const STAKE_BATCH = 64;
/** Batches running at once: one can execute while another waits for its commit to be flushed. */
const STAKE_BATCHES_IN_FLIGHT = 2;

/** SQL of bet records (their money is the ledger's). */
export class BetRepository {
  /** Concurrent stakes grouped into one bet_place_batch() call each (migration 0004). */
  private readonly stakes = new GroupCommit<StakeItem, StakeOutcome>((items) => this.placeStakes(items), {
    maxBatch: STAKE_BATCH,
    maxInFlight: STAKE_BATCHES_IN_FLIGHT,
    key: (item) => `${item.merchant}|${item.reference}`,
  });

  constructor(private readonly db: Db) {}

  /** The root connection (reads outside any transaction). */
  get root(): Db {
    return this.db;
  }

  /**
   * Places a stake: queued with the stakes other requests are placing at the same moment, all
   * applied by one statement in one transaction, and answered once that transaction has
   * committed. Each stake's outcome is its own (see bet_place_batch()).
   */
  placeStake(item: StakeItem): Promise<StakeOutcome> {
    return this.stakes.submit(item);
  }

  /**
   * One batch. If the statement fails as a whole (an unknown account, a reference applied by a
   * racing transaction, a lost connection), nothing of it was applied, or all of it was (a lost
   * COMMIT acknowledgement): each stake is then placed alone, so only a faulty one fails and a
   * stake applied after all answers as a repeat.
   */
  private async placeStakes(items: StakeItem[]): Promise<Settled<StakeOutcome>[]> {
    try {
      return (await this.stakeBatch(items)).map((value) => ({ ok: true, value }));
    } catch (error) {
      if (items.length === 1 && !isSerializationFailure(error)) return [{ ok: false, error }];
    }
    return Promise.all(
      items.map(async (item) => {
        // A racing transaction that applied this reference has committed by now: a second try
        // sees it. Past that, the error is the stake's own.
        for (let attempt = 1; ; attempt++) {
          try {
            return { ok: true as const, value: (await this.stakeBatch([item]))[0]! };
          } catch (error) {
            if (attempt >= 3 || !isSerializationFailure(error)) return { ok: false as const, error };
          }
        }
      }),
    );
  }

  private async stakeBatch(items: StakeItem[]): Promise<StakeOutcome[]> {
    const col = <T>(f: (i: StakeItem) => T) => items.map(f);
    const { rows } = await sql<StakeRow>`
      SELECT * FROM bet_place_batch(
        ${col((i) => i.merchant)}::text[], ${col((i) => i.reference)}::text[],
        ${col((i) => i.memberId)}::bigint[], ${col((i) => i.debitAccountId)}::bigint[],
        ${col((i) => i.creditAccountId)}::bigint[], ${col((i) => i.stake.toString())}::bigint[],
        ${col((i) => i.vendor)}::text[], ${col((i) => i.gameType)}::text[], ${col((i) => i.gameCode)}::text[],
        ${col((i) => i.gameName)}::text[], ${col((i) => i.roundId)}::text[])`.execute(this.db);
    const out = new Array<StakeOutcome | undefined>(items.length);
    for (const { item, outcome, balance, ...bet } of rows) {
      out[item - 1] = { outcome, balance, bet: bet.id === null ? null : (bet as BetRow) };
    }
    return out.map((o, i) => {
      if (!o) throw new Error(`bet_place_batch: no answer for stake ${i + 1} of ${items.length}`);
      return o;
    });
  }

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
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

  /** The account a stake entry debited: the wallet the bet plays from. */
  async stakeWallet(stakeEntryId: string): Promise<string> {
    const row = await this.db
      .selectFrom('ledger_posting')
      .select('account_id')
      .where('entry_id', '=', stakeEntryId)
      .where('amount', '<', '0')
      .executeTakeFirstOrThrow();
    return row.account_id;
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

/** A transaction that lost a race (serialization failure, deadlock): trying again may succeed. */
function isSerializationFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}
