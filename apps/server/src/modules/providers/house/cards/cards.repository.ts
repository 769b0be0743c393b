import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../../../db/repository';
import type { CardsEntryTable, CardsHandTable, Database } from '../../../../db/schema';

export type HandRow = Selectable<CardsHandTable>;
export type EntryRow = Selectable<CardsEntryTable>;
type Tx = Transaction<Database>;

type HistoryRow = EntryRow & {
  hand_seats: unknown;
  hand_result: unknown;
  hand_pot: string | null;
  hand_rake: string | null;
  hand_deal_at: Date;
  hand_decide_by: Date;
};

interface RoomKey {
  merchant: string;
  roomId: string;
}
export interface HandKey extends RoomKey {
  handNo: number;
}
export interface EntryKey extends HandKey {
  memberId: string;
}

interface NewEntry extends EntryKey {
  seat: number;
  nodeId: string;
  vendor: string;
  walletVendor: string | null;
  gameType: string;
  gameCode: string;
  gameName: string;
  ante: bigint;
}

interface NewHand extends HandKey {
  ante: bigint;
  dealAt: Date;
  decideBy: Date;
  seats: unknown;
  /** An empty hand (nobody's ante was confirmed) is inserted settled. */
  settledEmpty: boolean;
}

interface HandSettlement extends HandKey {
  result: unknown;
  pot: bigint;
  rake: bigint;
  houseSeatStakes: bigint;
  houseSeatPayouts: bigint;
  entries: { memberId: string; action: 'PLAY' | 'FOLD'; playVoid: boolean; payout: bigint }[];
}

export interface ReportRow {
  room_id: string;
  hands: string;
  pots: string;
  rake: string;
  house_seat_stakes: string;
  house_seat_payouts: string;
}

const ACTIVE = ['PENDING', 'ANTED'] as const;

/** SQL of the card rooms: hands (dealt once, settled once) and members' seats in them. */
export class CardsRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` holding the room's lock: joins, decisions, the deal and the showdown of a room take turns. */
  async inRoom<T>(k: RoomKey, fn: (trx: Tx) => Promise<T>): Promise<T> {
    await this.db
      .insertInto('cards_room')
      .values({ merchant_code: k.merchant, room_id: k.roomId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('cards_room')
        .select('room_id')
        .where('merchant_code', '=', k.merchant)
        .where('room_id', '=', k.roomId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return fn(trx);
    });
  }

  hand(k: HandKey, db: Db | Tx = this.db): Promise<HandRow | undefined> {
    return db
      .selectFrom('cards_hand')
      .selectAll()
      .where('merchant_code', '=', k.merchant)
      .where('room_id', '=', k.roomId)
      .where('hand_no', '=', String(k.handNo))
      .executeTakeFirst();
  }

  entry(k: EntryKey, db: Db | Tx = this.db): Promise<EntryRow | undefined> {
    return db
      .selectFrom('cards_entry')
      .selectAll()
      .where('merchant_code', '=', k.merchant)
      .where('room_id', '=', k.roomId)
      .where('hand_no', '=', String(k.handNo))
      .where('member_id', '=', k.memberId)
      .executeTakeFirst();
  }

  /** Seats held (ante confirmed or on its way) in a hand. */
  activeEntries(k: HandKey, db: Db | Tx = this.db): Promise<EntryRow[]> {
    return db
      .selectFrom('cards_entry')
      .selectAll()
      .where('merchant_code', '=', k.merchant)
      .where('room_id', '=', k.roomId)
      .where('hand_no', '=', String(k.handNo))
      .where('status', 'in', ACTIVE)
      .orderBy('seat')
      .execute();
  }

  /** A new seat, or a seat whose ante was refused taken again (nothing moved for it). */
  async insertEntry(trx: Tx, e: NewEntry): Promise<EntryRow | undefined> {
    return trx
      .insertInto('cards_entry')
      .values({
        merchant_code: e.merchant,
        room_id: e.roomId,
        hand_no: String(e.handNo),
        member_id: e.memberId,
        seat: e.seat,
        node_id: e.nodeId,
        vendor_code: e.vendor,
        wallet_vendor: e.walletVendor,
        game_type: e.gameType,
        game_code: e.gameCode,
        game_name: e.gameName,
        ante: e.ante,
      })
      .onConflict((oc) =>
        oc
          .columns(['merchant_code', 'room_id', 'hand_no', 'member_id'])
          .doUpdateSet({ status: 'PENDING', seat: e.seat })
          .where('cards_entry.status', '=', 'FAILED'),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves a seat from one status to another; answers whether it was in `from`. */
  async setStatus(k: EntryKey, from: EntryRow['status'], to: EntryRow['status'], db: Db | Tx = this.db) {
    const r = await db
      .updateTable('cards_entry')
      .set({ status: to })
      .where('merchant_code', '=', k.merchant)
      .where('room_id', '=', k.roomId)
      .where('hand_no', '=', String(k.handNo))
      .where('member_id', '=', k.memberId)
      .where('status', '=', from)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** Moves a seated member's decision from `from` (null: undecided) to `to`; answers whether it moved. */
  async setAction(trx: Tx, k: EntryKey, from: EntryRow['action'], to: EntryRow['action']): Promise<boolean> {
    let q = trx
      .updateTable('cards_entry')
      .set({ action: to })
      .where('merchant_code', '=', k.merchant)
      .where('room_id', '=', k.roomId)
      .where('hand_no', '=', String(k.handNo))
      .where('member_id', '=', k.memberId)
      .where('status', '=', 'ANTED');
    q = from === null ? q.where('action', 'is', null) : q.where('action', '=', from);
    const r = await q.executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** At the deal: seats whose ante is still on its way are too late for the hand. */
  async markLate(trx: Tx, k: HandKey): Promise<void> {
    await trx
      .updateTable('cards_entry')
      .set({ status: 'LATE' })
      .where('merchant_code', '=', k.merchant)
      .where('room_id', '=', k.roomId)
      .where('hand_no', '=', String(k.handNo))
      .where('status', '=', 'PENDING')
      .execute();
  }

  /** Inserts a hand once; answers it only if this call inserted it. */
  insertHand(trx: Tx, h: NewHand): Promise<HandRow | undefined> {
    return trx
      .insertInto('cards_hand')
      .values({
        merchant_code: h.merchant,
        room_id: h.roomId,
        hand_no: String(h.handNo),
        ante: h.ante,
        deal_at: h.dealAt,
        decide_by: h.decideBy,
        seats: JSON.stringify(h.seats),
        ...(h.settledEmpty
          ? {
              result: JSON.stringify([]),
              pot: 0n,
              rake: 0n,
              house_seat_stakes: 0n,
              house_seat_payouts: 0n,
              settled_at: h.dealAt,
            }
          : {}),
      })
      .onConflict((oc) => oc.columns(['merchant_code', 'room_id', 'hand_no']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** The hand's row, locked (the caller holds the room lock already; this reads it fresh). */
  unsettledHand(trx: Tx, k: HandKey): Promise<HandRow | undefined> {
    return trx
      .selectFrom('cards_hand')
      .selectAll()
      .where('merchant_code', '=', k.merchant)
      .where('room_id', '=', k.roomId)
      .where('hand_no', '=', String(k.handNo))
      .where('settled_at', 'is', null)
      .executeTakeFirst();
  }

  /** Writes the showdown: the hand's result and each member's decision and payout, once. */
  async settle(trx: Tx, s: HandSettlement): Promise<void> {
    for (const e of s.entries) {
      await trx
        .updateTable('cards_entry')
        .set({ action: e.action, play_void: e.playVoid, payout: e.payout })
        .where('merchant_code', '=', s.merchant)
        .where('room_id', '=', s.roomId)
        .where('hand_no', '=', String(s.handNo))
        .where('member_id', '=', e.memberId)
        .where('status', '=', 'ANTED')
        .execute();
    }
    await trx
      .updateTable('cards_hand')
      .set({
        result: JSON.stringify(s.result),
        pot: s.pot,
        rake: s.rake,
        house_seat_stakes: s.houseSeatStakes,
        house_seat_payouts: s.houseSeatPayouts,
        settled_at: new Date(),
      })
      .where('merchant_code', '=', s.merchant)
      .where('room_id', '=', s.roomId)
      .where('hand_no', '=', String(s.handNo))
      .where('settled_at', 'is', null)
      .execute();
  }

  async markPaid(k: EntryKey): Promise<void> {
    await this.db
      .updateTable('cards_entry')
      .set({ paid: true })
      .where('merchant_code', '=', k.merchant)
      .where('room_id', '=', k.roomId)
      .where('hand_no', '=', String(k.handNo))
      .where('member_id', '=', k.memberId)
      .execute();
  }

  /** Hands with seats taken whose deal time has come and that are not dealt yet. */
  dueDeals(
    lastDueHand: number,
    merchant?: string,
  ): Promise<{ merchant_code: string; room_id: string; hand_no: string }[]> {
    let q = this.db
      .selectFrom('cards_entry as e')
      .select(['e.merchant_code', 'e.room_id', 'e.hand_no'])
      .distinct()
      .where('e.status', 'in', ACTIVE)
      .where('e.hand_no', '<=', String(lastDueHand))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('cards_hand as h')
              .select('h.hand_no')
              .whereRef('h.merchant_code', '=', 'e.merchant_code')
              .whereRef('h.room_id', '=', 'e.room_id')
              .whereRef('h.hand_no', '=', 'e.hand_no'),
          ),
        ),
      );
    if (merchant) q = q.where('e.merchant_code', '=', merchant);
    return q.limit(200).execute();
  }

  /** Dealt hands not settled yet (the service decides which are due). */
  unsettledHands(merchant?: string, roomId?: string): Promise<HandRow[]> {
    let q = this.db.selectFrom('cards_hand').selectAll().where('settled_at', 'is', null);
    if (merchant) q = q.where('merchant_code', '=', merchant);
    if (roomId) q = q.where('room_id', '=', roomId);
    return q.orderBy('hand_no').limit(200).execute();
  }

  /** Seats whose money is not finished: settled hands not paid, and antes too late for their hand. */
  openEntries(merchant?: string): Promise<(EntryRow & { settled: boolean })[]> {
    let q = this.db
      .selectFrom('cards_entry as e')
      .leftJoin('cards_hand as h', (j) =>
        j
          .onRef('h.merchant_code', '=', 'e.merchant_code')
          .onRef('h.room_id', '=', 'e.room_id')
          .onRef('h.hand_no', '=', 'e.hand_no'),
      )
      .selectAll('e')
      .select(sql<boolean>`h.settled_at IS NOT NULL`.as('settled'))
      .where((eb) =>
        eb.or([
          eb('e.status', '=', 'LATE'),
          eb.and([
            eb('e.status', '=', 'ANTED'),
            eb('e.paid', '=', false),
            eb('h.settled_at', 'is not', null),
          ]),
        ]),
      );
    if (merchant) q = q.where('e.merchant_code', '=', merchant);
    return q.limit(500).execute();
  }

  /** Human seats of the hands given, per room (ante confirmed or on its way). */
  async seatCounts(
    merchant: string,
    handNos: number[],
  ): Promise<{ room_id: string; hand_no: string; n: string }[]> {
    return this.db
      .selectFrom('cards_entry')
      .select(['room_id', 'hand_no', (eb) => eb.fn.countAll<string>().as('n')])
      .where('merchant_code', '=', merchant)
      .where('hand_no', 'in', handNos.map(String))
      .where('status', 'in', ACTIVE)
      .groupBy(['room_id', 'hand_no'])
      .execute();
  }

  handsOf(merchant: string, handNos: number[]): Promise<HandRow[]> {
    return this.db
      .selectFrom('cards_hand')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('hand_no', 'in', handNos.map(String))
      .execute();
  }

  /** The member's last settled hands of this game, newest first. */
  history(memberId: string, nodeId: string, limit: number): Promise<HistoryRow[]> {
    return this.db
      .selectFrom('cards_entry as e')
      .innerJoin('cards_hand as h', (j) =>
        j
          .onRef('h.merchant_code', '=', 'e.merchant_code')
          .onRef('h.room_id', '=', 'e.room_id')
          .onRef('h.hand_no', '=', 'e.hand_no'),
      )
      .selectAll('e')
      .select([
        'h.seats as hand_seats',
        'h.result as hand_result',
        'h.pot as hand_pot',
        'h.rake as hand_rake',
        'h.deal_at as hand_deal_at',
        'h.decide_by as hand_decide_by',
      ])
      .where('e.member_id', '=', memberId)
      .where('e.node_id', '=', nodeId)
      .where('e.status', '=', 'ANTED')
      .where('h.settled_at', 'is not', null)
      .orderBy('e.hand_no', 'desc')
      .limit(limit)
      .execute();
  }

  report(merchant: string): Promise<ReportRow[]> {
    return this.db
      .selectFrom('cards_hand')
      .select((eb) => [
        'room_id',
        eb.fn.countAll<string>().as('hands'),
        sql<string>`coalesce(sum(pot), 0)`.as('pots'),
        sql<string>`coalesce(sum(rake), 0)`.as('rake'),
        sql<string>`coalesce(sum(house_seat_stakes), 0)`.as('house_seat_stakes'),
        sql<string>`coalesce(sum(house_seat_payouts), 0)`.as('house_seat_payouts'),
      ])
      .where('merchant_code', '=', merchant)
      .where('settled_at', 'is not', null)
      .where('pot', '>', '0')
      .groupBy('room_id')
      .orderBy('room_id')
      .execute();
  }
}
