import { sql, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { BetRecordTable } from '../../db/schema';
import { isSerializationFailure } from '../../platform/db-errors';
import { GroupCommit, type Settled } from '../../platform/group-commit';

export type BetRow = Selectable<BetRecordTable>;

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
 * account cannot cover it; rolled_back: a new stake whose round the vendor rolled back before
 * (nothing moved, see db/functions/bets.sql). `bet` is the record (null if none), `balance` the debit
 * account's balance right after this stake (placed) or after the batch (repeat).
 */
interface StakeOutcome {
  outcome:
    | 'placed'
    | 'repeat'
    | 'conflict'
    | 'insufficient'
    | 'rolled_back'
    | 'blocked'
    | 'excluded'
    | 'limit_wager'
    | 'limit_loss'
    | 'limit_session';
  bet: BetRow | null;
  balance: string | null;
}

type StakeRow = { item: number; outcome: StakeOutcome['outcome']; balance: string | null } & {
  [K in keyof BetRow]: BetRow[K] | null;
};

/** One bet to close: settle it (payout, valid bet) or void it. */
export interface CloseItem {
  merchant: string;
  vendor: string;
  roundId: string;
  /** The member the bet must belong to (another member's bet answers 'unknown'); null: any. */
  memberId: string | null;
  to: 'SETTLED' | 'VOID';
  /** Settlements: what the member gets back, stake included (>= 0). */
  payout: bigint | null;
  /** Settlements: the turnover it counts for; null: the stake. */
  validBet: bigint | null;
  /** Settlements: the brand's HOUSE account. */
  houseAccountId: string | null;
}

/**
 * What became of a close (see bet_settle_batch(), db/functions/bets.sql). settled: closed now; repeat:
 * closed before the same way (nothing moved); closed: closed before the other way; conflict:
 * settled before with other figures; unknown: no such bet (of that member). `balance` is the
 * stake's wallet after it.
 */
interface CloseOutcome {
  outcome: 'settled' | 'repeat' | 'closed' | 'conflict' | 'unknown';
  bet: BetRow | null;
  balance: string | null;
}

type CloseRow = { item: number; outcome: CloseOutcome['outcome']; balance: string | null } & {
  [K in keyof BetRow]: BetRow[K] | null;
};

/** Stakes in one batch at most (a batch holds its accounts' row locks until it commits). */
const STAKE_BATCH = 64;

/**
 * Fewest items for a batch beside a running one. A batch statement costs about 1.1 ms whatever
 * its size and about 0.07 ms an item (bench:wallet, 2 cores): below ~16 items the fixed part is
 * most of it, and on cores the database shares with the server a small second batch slows both
 * (bench:games pairs, ~13 items a batch: 2,200 against 2,800 pairs/s when every batch could run
 * beside another).
 */
const MIN_OVERLAP = 16;

interface BetRepositoryOptions {
  /**
   * Batches of each kind (stakes, closes) running at once. More let one execute while another
   * waits for its commit to be flushed, which pays where the database has cores to spare and a
   * slow disk flush; where it shares a few cores with the server, more batches only compete for
   * them (see LEDGER_BATCHES_IN_FLIGHT in config.ts).
   */
  batchesInFlight?: number;
  /** Hears each group-commit batch's size (the metrics). */
  onBatch?: (kind: 'stake' | 'close', size: number) => void;
}

/** SQL of bet records (their money is the ledger's). */
export class BetRepository extends Repository {
  /** Concurrent stakes grouped into one bet_place_batch() call each (db/functions/bets.sql). */
  private readonly stakes: GroupCommit<StakeItem, StakeOutcome>;

  /** Concurrent settlements and voids grouped into one bet_settle_batch() call each (db/functions/bets.sql). */
  private readonly closes: GroupCommit<CloseItem, CloseOutcome>;

  constructor(db: Db, { batchesInFlight = 1, onBatch = () => {} }: BetRepositoryOptions = {}) {
    super(db);
    this.stakes = new GroupCommit(
      (items) => {
        onBatch('stake', items.length);
        return this.placeStakes(items);
      },
      {
        maxBatch: STAKE_BATCH,
        maxInFlight: batchesInFlight,
        minOverlap: MIN_OVERLAP,
        key: (item) => `${item.merchant}|${item.reference}`,
      },
    );
    this.closes = new GroupCommit(
      (items) => {
        onBatch('close', items.length);
        return this.inBatches(items, (batch) => this.closeBatch(batch));
      },
      {
        maxBatch: STAKE_BATCH,
        maxInFlight: batchesInFlight,
        minOverlap: MIN_OVERLAP,
        // Closes of one bet never share a batch or run at once: each sees what the one before it did.
        key: (item) => `${item.merchant}|${item.vendor}|${item.roundId}`,
      },
    );
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
  private placeStakes(items: StakeItem[]): Promise<Settled<StakeOutcome>[]> {
    return this.inBatches(items, (batch) => this.stakeBatch(batch));
  }

  /**
   * Runs a batch statement. If it fails as a whole (an unknown account, a reference applied by a
   * racing transaction, a lost connection), nothing of it was applied, or all of it was (a lost
   * COMMIT acknowledgement): each item is then run alone, so only a faulty one fails and one
   * applied after all answers as a repeat.
   */
  private async inBatches<I, O>(items: I[], run: (batch: I[]) => Promise<O[]>): Promise<Settled<O>[]> {
    try {
      return (await run(items)).map((value) => ({ ok: true, value }));
    } catch (error) {
      if (items.length === 1 && !isSerializationFailure(error)) return [{ ok: false, error }];
    }
    return Promise.all(
      items.map(async (item) => {
        // A racing transaction that applied this item has committed by now: a second try sees
        // it. Past that, the error is the item's own.
        for (let attempt = 1; ; attempt++) {
          try {
            return { ok: true as const, value: (await run([item]))[0]! };
          } catch (error) {
            if (attempt >= 3 || !isSerializationFailure(error)) return { ok: false as const, error };
          }
        }
      }),
    );
  }

  /**
   * Settles or voids a bet: queued with the closes other requests make at the same moment, all
   * applied by one statement in one transaction, answered once it has committed.
   */
  closeBet(item: CloseItem): Promise<CloseOutcome> {
    return this.closes.submit(item);
  }

  private async closeBatch(items: CloseItem[]): Promise<CloseOutcome[]> {
    const col = <T>(f: (i: CloseItem) => T) => items.map(f);
    const { rows } = await sql<CloseRow>`
      SELECT * FROM bet_settle_batch(
        ${col((i) => i.merchant)}::text[], ${col((i) => i.vendor)}::text[], ${col((i) => i.roundId)}::text[],
        ${col((i) => i.memberId)}::bigint[], ${col((i) => i.to)}::text[],
        ${col((i) => i.payout?.toString() ?? null)}::bigint[], ${col((i) => i.validBet?.toString() ?? null)}::bigint[],
        ${col((i) => i.houseAccountId)}::bigint[])`.execute(this.db);
    return answersInOrder(rows, items.length, 'bet_settle_batch');
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
    return answersInOrder(rows, items.length, 'bet_place_batch');
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

  /** The bet of a vendor's round, locked for the rest of the caller's transaction. */
  lockByRound(db: Db, merchant: string, vendor: string, roundId: string): Promise<BetRow | undefined> {
    return db
      .selectFrom('bet_record')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('vendor_code', '=', vendor)
      .where('round_id', '=', roundId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The wallet a bet's stake came from: the debit of its stake entry (where payouts go). */
  async stakeWallet(db: Db, stakeEntryId: string): Promise<string> {
    const row = await db
      .selectFrom('ledger_posting')
      .select('account_id')
      .where('entry_id', '=', stakeEntryId)
      .where('amount', '<', '0')
      .executeTakeFirst();
    if (!row) throw new Error(`stake entry ${stakeEntryId} has no debit`);
    return row.account_id;
  }

  /** Adds to a settled bet's payout (the ledger entry is the caller's, in the same transaction). */
  async addPayout(db: Db, betId: string, amount: bigint): Promise<BetRow> {
    return db
      .updateTable('bet_record')
      .set((eb) => ({ payout: eb('payout', '+', amount.toString()) }))
      .where('id', '=', betId)
      .returningAll()
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

/** A batch function's rows (one per item, numbered from 1) as answers in item order. */
function answersInOrder<T extends string>(
  rows: ({ item: number; outcome: T; balance: string | null } & { [K in keyof BetRow]: BetRow[K] | null })[],
  count: number,
  fn: string,
): { outcome: T; bet: BetRow | null; balance: string | null }[] {
  const out = new Array<{ outcome: T; bet: BetRow | null; balance: string | null } | undefined>(count);
  for (const { item, outcome, balance, ...bet } of rows) {
    out[item - 1] = { outcome, balance, bet: bet.id === null ? null : (bet as BetRow) };
  }
  return out.map((o, i) => {
    if (!o) throw new Error(`${fn}: no answer for item ${i + 1} of ${count}`);
    return o;
  });
}
