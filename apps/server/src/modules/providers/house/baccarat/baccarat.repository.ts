import { sql } from 'kysely';
import { Repository, type Db } from '../../../../db/repository';

interface ShoeRow {
  shoe_no: number;
  hands: number;
  state: unknown;
}

export interface RoundRow {
  merchant_code: string;
  table_id: number;
  round_no: string;
  closes_at: Date;
  shoe_no: number | null;
  hand_no: number | null;
  result: unknown;
  dealt_at: Date | null;
  settled_at: Date | null;
}

export interface BetRow {
  id: string;
  merchant_code: string;
  table_id: number;
  round_no: string;
  member_id: string;
  vendor_code: string;
  wallet_vendor: string | null;
  game_type: string;
  game_code: string;
  game_name: string;
  bet_type: string;
  stake: string;
  transaction_id: string;
  status: 'PENDING' | 'SETTLED' | 'VOID';
  payout: string | null;
  created_at: Date;
  settled_at: Date | null;
}

interface NewBet {
  merchant: string;
  tableId: number;
  roundNo: number;
  memberId: string;
  vendor: string;
  walletVendor: string | null;
  gameType: string;
  gameCode: string;
  gameName: string;
  type: string;
  stake: bigint;
  transactionId: string;
}

const ROUND_COLUMNS = [
  'merchant_code',
  'table_id',
  'round_no',
  'closes_at',
  'shoe_no',
  'hand_no',
  'result',
  'dealt_at',
  'settled_at',
] as const;

/** SQL of the baccarat tables: shoes, rounds and bets. */
export class BaccaratRepository extends Repository {
  /** Every brand (each runs its own tables). */
  async merchantCodes(): Promise<string[]> {
    return (await this.db.selectFrom('merchant').select('code').orderBy('code').execute()).map((r) => r.code);
  }

  // ---- rounds ----------------------------------------------------------------------------------

  /** Creates the round's row unless it exists (undealt). */
  async ensureRound(
    db: Db,
    merchant: string,
    tableId: number,
    roundNo: number,
    closesAt: Date,
  ): Promise<void> {
    await db
      .insertInto('baccarat_round')
      .values({ merchant_code: merchant, table_id: tableId, round_no: roundNo, closes_at: closesAt })
      .onConflict((oc) => oc.columns(['merchant_code', 'table_id', 'round_no']).doNothing())
      .execute();
  }

  /**
   * The round, locked: FOR SHARE by a bet (many bets share it; the dealer waits for them), FOR
   * UPDATE by the dealer (bets wait, then see the result and are refused).
   */
  lockRound(
    db: Db,
    merchant: string,
    tableId: number,
    roundNo: number,
    mode: 'share' | 'update',
  ): Promise<RoundRow | undefined> {
    const q = db
      .selectFrom('baccarat_round')
      .select(ROUND_COLUMNS)
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .where('round_no', '=', String(roundNo));
    return (mode === 'share' ? q.forShare() : q.forUpdate()).executeTakeFirst();
  }

  round(merchant: string, tableId: number, roundNo: number): Promise<RoundRow | undefined> {
    return this.db
      .selectFrom('baccarat_round')
      .select(ROUND_COLUMNS)
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .where('round_no', '=', String(roundNo))
      .executeTakeFirst();
  }

  async writeResult(
    db: Db,
    key: { merchant: string; tableId: number; roundNo: number },
    r: { shoeNo: number; handNo: number; result: unknown },
  ): Promise<void> {
    await db
      .updateTable('baccarat_round')
      .set({
        shoe_no: r.shoeNo,
        hand_no: r.handNo,
        result: JSON.stringify(r.result),
        dealt_at: new Date(),
      })
      .where('merchant_code', '=', key.merchant)
      .where('table_id', '=', key.tableId)
      .where('round_no', '=', String(key.roundNo))
      .where('result', 'is', null)
      .execute();
  }

  /** Marks the round settled once none of its bets is pending. */
  async markSettled(merchant: string, tableId: number, roundNo: number): Promise<void> {
    await this.db
      .updateTable('baccarat_round')
      .set({ settled_at: new Date() })
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .where('round_no', '=', String(roundNo))
      .where('settled_at', 'is', null)
      .where('result', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('baccarat_bet as b')
              .select(sql`1`.as('one'))
              .where('b.merchant_code', '=', merchant)
              .where('b.table_id', '=', tableId)
              .where('b.round_no', '=', String(roundNo))
              .where('b.status', '=', 'PENDING'),
          ),
        ),
      )
      .execute();
  }

  /** The dealt hands of a shoe, in the order dealt (for the roads). */
  shoeRounds(merchant: string, tableId: number, shoeNo: number): Promise<RoundRow[]> {
    return this.db
      .selectFrom('baccarat_round')
      .select(ROUND_COLUMNS)
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .where('shoe_no', '=', shoeNo)
      .where('result', 'is not', null)
      .orderBy('hand_no')
      .execute();
  }

  /** The newest dealt round of a table before `beforeRound` (the previous result). */
  lastDealt(merchant: string, tableId: number, beforeRound: number): Promise<RoundRow | undefined> {
    return this.db
      .selectFrom('baccarat_round')
      .select(ROUND_COLUMNS)
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .where('round_no', '<', String(beforeRound))
      .where('result', 'is not', null)
      .orderBy('round_no', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Dealt or undealt rounds whose betting closed before `closedBefore` and that still have pending bets. */
  async roundsToSweep(
    closedBefore: Date,
    limit: number,
  ): Promise<{ merchant: string; tableId: number; roundNo: number }[]> {
    const rows = await this.db
      .selectFrom('baccarat_bet as b')
      .innerJoin('baccarat_round as r', (j) =>
        j
          .onRef('r.merchant_code', '=', 'b.merchant_code')
          .onRef('r.table_id', '=', 'b.table_id')
          .onRef('r.round_no', '=', 'b.round_no'),
      )
      .select(['b.merchant_code', 'b.table_id', 'b.round_no'])
      .distinct()
      .where('b.status', '=', 'PENDING')
      .where('r.closes_at', '<', closedBefore)
      .limit(limit)
      .execute();
    return rows.map((r) => ({ merchant: r.merchant_code, tableId: r.table_id, roundNo: Number(r.round_no) }));
  }

  // ---- shoes -----------------------------------------------------------------------------------

  async insertShoeOnce(db: Db, merchant: string, tableId: number, state: unknown): Promise<void> {
    await db
      .insertInto('baccarat_shoe')
      .values({ merchant_code: merchant, table_id: tableId, shoe_no: 1, state: JSON.stringify(state) })
      .onConflict((oc) => oc.columns(['merchant_code', 'table_id']).doNothing())
      .execute();
  }

  lockShoe(db: Db, merchant: string, tableId: number): Promise<ShoeRow | undefined> {
    return db
      .selectFrom('baccarat_shoe')
      .select(['shoe_no', 'hands', 'state'])
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .forUpdate()
      .executeTakeFirst();
  }

  async saveShoe(db: Db, merchant: string, tableId: number, shoe: ShoeRow): Promise<void> {
    await db
      .updateTable('baccarat_shoe')
      .set({
        shoe_no: shoe.shoe_no,
        hands: shoe.hands,
        state: JSON.stringify(shoe.state),
        updated_at: new Date(),
      })
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .execute();
  }

  currentShoeNo(merchant: string, tableId: number): Promise<{ shoe_no: number; hands: number } | undefined> {
    return this.db
      .selectFrom('baccarat_shoe')
      .select(['shoe_no', 'hands'])
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .executeTakeFirst();
  }

  // ---- bets ------------------------------------------------------------------------------------

  /** Inserts the bet unless the member has one on this spot of this round; answers the stored one. */
  async insertBet(db: Db, b: NewBet): Promise<{ row: BetRow; inserted: boolean }> {
    const inserted = await db
      .insertInto('baccarat_bet')
      .values({
        merchant_code: b.merchant,
        table_id: b.tableId,
        round_no: b.roundNo,
        member_id: b.memberId,
        vendor_code: b.vendor,
        wallet_vendor: b.walletVendor,
        game_type: b.gameType,
        game_code: b.gameCode,
        game_name: b.gameName,
        bet_type: b.type,
        stake: b.stake,
        transaction_id: b.transactionId,
      })
      .onConflict((oc) =>
        oc.columns(['merchant_code', 'table_id', 'round_no', 'member_id', 'bet_type']).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted as BetRow, inserted: true };
    const found = await db
      .selectFrom('baccarat_bet')
      .selectAll()
      .where('merchant_code', '=', b.merchant)
      .where('table_id', '=', b.tableId)
      .where('round_no', '=', String(b.roundNo))
      .where('member_id', '=', b.memberId)
      .where('bet_type', '=', b.type)
      .executeTakeFirstOrThrow();
    return { row: found as BetRow, inserted: false };
  }

  /** Forgets a bet whose debit was refused (nothing was staked), unless it was settled meanwhile. */
  async deletePending(id: string): Promise<void> {
    await this.db.deleteFrom('baccarat_bet').where('id', '=', id).where('status', '=', 'PENDING').execute();
  }

  /**
   * The round's bets still in play or settled (not voided), oldest first: settling needs them all,
   * since a member's bets on opposite sides cover each other (netValidTurnover).
   */
  async roundBets(merchant: string, tableId: number, roundNo: number): Promise<BetRow[]> {
    return (await this.db
      .selectFrom('baccarat_bet')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .where('round_no', '=', String(roundNo))
      .where('status', 'in', ['PENDING', 'SETTLED'])
      .orderBy('id')
      .execute()) as BetRow[];
  }

  async closeBet(id: string, status: 'SETTLED' | 'VOID', payout: bigint): Promise<void> {
    await this.db
      .updateTable('baccarat_bet')
      .set({ status, payout, settled_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .execute();
  }

  async memberRoundBets(
    merchant: string,
    tableId: number,
    roundNo: number,
    memberId: string,
  ): Promise<BetRow[]> {
    return (await this.db
      .selectFrom('baccarat_bet')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('table_id', '=', tableId)
      .where('round_no', '=', String(roundNo))
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute()) as BetRow[];
  }

  /** The member's bets on its last `limit` rounds (any table), newest round first, with the rounds. */
  async memberHistory(
    merchant: string,
    memberId: string,
    limit: number,
  ): Promise<{ rounds: RoundRow[]; bets: BetRow[] }> {
    const keys = await this.db
      .selectFrom('baccarat_bet')
      .select(['table_id', 'round_no'])
      .select((eb) => eb.fn.min('created_at').as('first_at'))
      .where('merchant_code', '=', merchant)
      .where('member_id', '=', memberId)
      .groupBy(['table_id', 'round_no'])
      .orderBy('first_at', 'desc')
      .limit(limit)
      .execute();
    if (keys.length === 0) return { rounds: [], bets: [] };
    const match = <T extends 'baccarat_bet' | 'baccarat_round'>(t: T) =>
      sql<boolean>`(${sql.ref(`${t}.table_id`)}, ${sql.ref(`${t}.round_no`)}) IN (${sql.join(
        keys.map((k) => sql`(${k.table_id}::int, ${k.round_no}::bigint)`),
      )})`;
    const [rounds, bets] = await Promise.all([
      this.db
        .selectFrom('baccarat_round')
        .select(ROUND_COLUMNS)
        .where('merchant_code', '=', merchant)
        .where(match('baccarat_round'))
        .execute(),
      this.db
        .selectFrom('baccarat_bet')
        .selectAll()
        .where('merchant_code', '=', merchant)
        .where('member_id', '=', memberId)
        .where(match('baccarat_bet'))
        .orderBy('id')
        .execute(),
    ]);
    return { rounds, bets: bets as BetRow[] };
  }
}
