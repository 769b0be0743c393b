import {
  CARDS_HAND_RANKS,
  CARDS_HISTORY_SIZE,
  CARDS_RAKE_PERCENT,
  CARDS_ROOMS,
  CARDS_SEATS,
  fromMinor,
  toMinor,
  type CardsAction,
  type CardsHand,
  type CardsHandRank,
  type CardsHistory,
  type CardsInfo,
  type CardsReport,
  type CardsRoom,
  type CardsRoomId,
  type CardsSeat,
  type CardsTable,
} from '@app/contracts';
import type { HouseRoomsService } from '../house-rooms.service';
import { AppError } from '../../../../platform/app-error';
import { refuseBlockedBet, type GameTicket, type GameTicketService } from '../../game-ticket.service';
import type { RoundWallet, SeamlessWalletService } from '../../seamless-wallet.service';
import { SecureRng, type Rng } from '../secure-rng';
import { cardText, deal, HOUSE_SEAT_RULE, houseSeatPlays, settleHand } from './cards-rules';
import type { CardsRepository, EntryKey, EntryRow, HandKey, HandRow, ReportRow } from './cards.repository';

/** A seat of a dealt hand, as stored in cards_hand.seats. */
interface StoredSeat {
  seat: number;
  kind: 'PLAYER' | 'HOUSE';
  memberId: string | null;
  cards: number[];
}

/** A seat's showdown, as stored in cards_hand.result. */
interface StoredResult {
  seat: number;
  play: boolean;
  stake: string;
  payout: string;
  winner: boolean;
  rank: CardsHandRank;
}

interface CardsTiming {
  /** The decision window after the deal. */
  decisionMs: number;
  /** The result on show before the next deal (the cycle is decision + show). */
  showMs: number;
}

/** Production timing: 10 s to decide, 5 s of result. */
const DEFAULT_CARDS_TIMING: CardsTiming = { decisionMs: 10_000, showMs: 5_000 };

/** Timing from the decision window alone: the result stays up as long, at most 5 s. */
export const cardsTiming = (decisionSeconds: number | undefined): CardsTiming =>
  decisionSeconds === undefined
    ? DEFAULT_CARDS_TIMING
    : { decisionMs: decisionSeconds * 1000, showMs: Math.min(5_000, decisionSeconds * 1000) };

const ROOM_ANTE: Record<CardsRoomId, bigint> = Object.fromEntries(
  CARDS_ROOMS.map((r) => [r.roomId, toMinor(r.ante)!]),
) as Record<CardsRoomId, bigint>;

/** The member's stake bets of a hand: the ante, and the play bet (equal to it). */
const anteTxn = (k: EntryKey) => `cards-${k.roomId}-${k.handNo}-${k.memberId}-A`;
const playTxn = (k: EntryKey) => `cards-${k.roomId}-${k.handNo}-${k.memberId}-P`;

const keyOf = (e: EntryRow): EntryKey => ({
  merchant: e.merchant_code,
  roomId: e.room_id,
  handNo: Number(e.hand_no),
  memberId: e.member_id,
});

const walletOfEntry = (e: EntryRow): RoundWallet => ({
  merchant: e.merchant_code,
  vendor: e.vendor_code,
  memberId: e.member_id,
  walletVendor: e.wallet_vendor,
});

const iso = (d: Date | string | number) => new Date(d).toISOString();

/**
 * Three Card Showdown (PVP): card rooms where members play each other and the house's
 * seats. Every room's hand n is dealt at n x cycle; a member joins a coming hand by paying its
 * ante, decides to play (a second bet equal to the ante) or fold in the decision window, and the
 * showdown pays the pot less the rake to the best hand that played.
 *
 * The house seats fill the seats no member took and play a fixed published rule (Q-6-4 or
 * better). Their stakes and payouts are house money: they never touch a member's wallet, so in
 * the ledger they show only through the members' bets (a member who beats a house seat is paid
 * its ante by the house, like any winning bet). The rake and the house seats' stakes and payouts
 * are stored per hand for the operator's report: the house's result from the members' bets is
 * exactly rake + house seat payouts - house seat stakes.
 *
 * WARNING: money and order. A room's joins, decisions, deal and showdown each run holding the
 * room's lock (a row of cards_room), and every member's money moves through the seamless wallet
 * keyed by the hand and the member, so any number of server instances may run this at once:
 * - a join records the seat PENDING, debits the ante, then confirms it (ANTED) only if the hand
 *   is not dealt yet; a seat still PENDING at the deal is LATE and its ante is rolled back;
 * - the deal inserts the hand once (its cards are decided then, never again);
 * - a play bet is marked PLAYING, debited, then confirmed PLAY only if the hand is not settled;
 *   one still PLAYING at the showdown counts as a fold and its play bet is rolled back;
 * - the showdown writes the result once; payment (credits, rollbacks) follows and is repeated by
 *   the sweep until done (each credit is idempotent).
 */
export class HouseCardsService {
  readonly cycleMs: number;

  constructor(
    private readonly tickets: GameTicketService,
    private readonly wallet: SeamlessWalletService,
    private readonly repo: CardsRepository,
    private readonly timing: CardsTiming = DEFAULT_CARDS_TIMING,
    private readonly rng: Rng = new SecureRng(),
    /** The rooms each brand has closed (none when not given). */
    private readonly roomSettings?: HouseRoomsService,
    /** Heard after a hand is dealt or shown down (committed): the push channel tells the room. */
    private readonly onHand: (merchant: string, roomId: string, kind: 'dealt' | 'settled') => void = () => {},
  ) {
    this.cycleMs = timing.decisionMs + timing.showMs;
  }

  // ---- the clock ----

  dealAt(handNo: number): number {
    return handNo * this.cycleMs;
  }
  decideBy(handNo: number): number {
    return this.dealAt(handNo) + this.timing.decisionMs;
  }
  /** The hand dealt last (in its decision window or on show). */
  currentHand(now: number): number {
    return Math.floor(now / this.cycleMs);
  }
  /** The hand members can join now. */
  nextHand(now: number): number {
    return this.currentHand(now) + 1;
  }

  // ---- calls of the game client ----

  private async ticket(token: unknown, merchant: string): Promise<GameTicket> {
    const t = await this.tickets.verify(token, merchant);
    if (t.engine !== 'CARDS') throw new AppError('game.token.invalid');
    return t;
  }

  private walletOf(t: GameTicket): RoundWallet {
    return { merchant: t.merchant, vendor: t.vendor, memberId: t.memberId, walletVendor: t.walletVendor };
  }

  /** The rooms of a brand with their seats (GLS2_roomList; no login needed). */
  async rooms(merchant: string): Promise<CardsRoom[]> {
    const now = Date.now();
    const cur = this.currentHand(now);
    const next = cur + 1;
    const [counts, hands] = await Promise.all([
      this.repo.seatCounts(merchant, [cur, next]),
      this.repo.handsOf(merchant, [cur]),
    ]);
    const closed = (await this.roomSettings?.closed(merchant, 'CARDS')) ?? new Set<string>();
    const count = (room: string, hand: number) =>
      Number(counts.find((c) => c.room_id === room && Number(c.hand_no) === hand)?.n ?? 0);
    return CARDS_ROOMS.filter((r) => !closed.has(r.roomId)).map((r) => {
      const hand = hands.find((h) => h.room_id === r.roomId);
      const seats = (hand?.seats ?? []) as StoredSeat[];
      return {
        roomId: r.roomId,
        vendor: 'HOUSE',
        ante: r.ante,
        minBuyIn: fromMinor(ROOM_ANTE[r.roomId] * 2n),
        seats: CARDS_SEATS,
        taken: Math.max(count(r.roomId, cur), count(r.roomId, next)),
        houseSeats: seats.filter((s) => s.kind === 'HOUSE').length,
        nextHandNo: next,
        nextDealAt: iso(this.dealAt(next)),
      };
    });
  }

  async info(token: unknown, merchant: string): Promise<CardsInfo> {
    const t = await this.ticket(token, merchant);
    return {
      gameName: t.gameName,
      vendor: t.vendor,
      gameCode: t.gameCode,
      currencySymbol: t.currencySymbol,
      balance: fromMinor(await this.wallet.balance(this.walletOf(t))),
      rooms: await this.rooms(merchant),
      seats: CARDS_SEATS,
      rakePercent: CARDS_RAKE_PERCENT,
      rtp: 100 - CARDS_RAKE_PERCENT,
      decisionMs: this.timing.decisionMs,
      cycleMs: this.cycleMs,
      houseSeatRule: [...HOUSE_SEAT_RULE],
      handRanks: [...CARDS_HAND_RANKS],
    };
  }

  /** The table as this member sees it: the hand in play or on show, and the next hand. */
  async table(token: unknown, merchant: string, roomId: CardsRoomId): Promise<CardsTable> {
    const t = await this.ticket(token, merchant);
    await this.advanceRoom(merchant, roomId);
    const now = Date.now();
    const cur = this.currentHand(now);
    const next = cur + 1;
    const [hand, entries, nextEntries, balance] = await Promise.all([
      this.repo.hand({ merchant, roomId, handNo: cur }),
      this.repo.activeEntries({ merchant, roomId, handNo: cur }),
      this.repo.activeEntries({ merchant, roomId, handNo: next }),
      this.wallet.balance(this.walletOf(t)),
    ]);
    const mine = nextEntries.find((e) => e.member_id === t.memberId);
    return {
      roomId,
      ante: fromMinor(ROOM_ANTE[roomId]),
      serverTime: iso(now),
      hand: hand && (hand.seats as StoredSeat[]).length > 0 ? this.handWire(hand, entries, t.memberId) : null,
      next: {
        handNo: next,
        dealAt: iso(this.dealAt(next)),
        taken: nextEntries.length,
        seat: mine ? mine.seat : null,
      },
      balance: fromMinor(balance),
    };
  }

  /**
   * Takes a seat in the coming hand and pays its ante. Idempotent: a member has one seat per hand,
   * and a repeated join answers the table.
   */
  async join(
    token: unknown,
    merchant: string,
    body: { roomId: CardsRoomId; handNo: number },
  ): Promise<CardsTable> {
    const t = await this.ticket(token, merchant);
    refuseBlockedBet(t);
    const { roomId, handNo } = body;
    const ante = ROOM_ANTE[roomId];
    if (ante < t.minBet) throw new AppError('game.bet.invalid');
    if (this.roomSettings && !(await this.roomSettings.isOpen(merchant, 'CARDS', roomId)))
      throw new AppError('house.room.closed');
    const k: EntryKey = { merchant, roomId, handNo, memberId: t.memberId };
    const existing = await this.repo.entry(k);
    if (existing?.status === 'ANTED') return this.table(token, merchant, roomId);
    if (handNo !== this.nextHand(Date.now()) && existing?.status !== 'PENDING')
      throw new AppError('cards.hand.closed');

    // 1. The seat, PENDING, while the hand is not dealt.
    const entry = await this.repo.inRoom(k, async (trx) => {
      if (await this.repo.hand(k, trx)) throw new AppError('cards.hand.closed');
      const held = await this.repo.activeEntries(k, trx);
      const own = held.find((e) => e.member_id === t.memberId);
      if (own) return own;
      const free = Array.from({ length: CARDS_SEATS }, (_, i) => i).filter(
        (s) => !held.some((e) => e.seat === s),
      );
      if (free.length === 0) throw new AppError('cards.room.full');
      // A member keeps the seat of the hand before, if it is free.
      const before = await this.repo.entry({ ...k, handNo: handNo - 1 }, trx);
      const seat = before && free.includes(before.seat) ? before.seat : free[0]!;
      const row = await this.repo.insertEntry(trx, {
        ...k,
        seat,
        nodeId: t.nodeId,
        vendor: t.vendor,
        walletVendor: t.walletVendor,
        gameType: t.gameType,
        gameCode: t.gameCode,
        gameName: t.gameName,
        ante,
      });
      // A seat that was LATE or VOID for this hand: that hand is gone for this member.
      if (!row) throw new AppError('cards.hand.closed');
      return row;
    });

    // 2. The ante. A refusal (not enough money) frees the seat; nothing moved.
    try {
      await this.wallet.debit(walletOfEntry(entry), this.debitOf(entry, anteTxn(k)));
    } catch (err) {
      if (err instanceof AppError && err.code !== 'vendor.round.rolled.back')
        await this.repo.setStatus(k, 'PENDING', 'FAILED');
      throw err;
    }

    // 3. Confirmed only if the hand is not dealt yet; otherwise the ante goes back.
    const anted = await this.repo.inRoom(k, async (trx) =>
      (await this.repo.hand(k, trx)) ? false : this.repo.setStatus(k, 'PENDING', 'ANTED', trx),
    );
    if (!anted) {
      const now = await this.repo.entry(k);
      if (now?.status !== 'ANTED') {
        await this.voidLate(k);
        throw new AppError('cards.hand.closed');
      }
    }
    return this.table(token, merchant, roomId);
  }

  /** Play or fold in the decision window. Idempotent: the first decision stands. */
  async act(
    token: unknown,
    merchant: string,
    body: { roomId: CardsRoomId; handNo: number; action: CardsAction },
  ): Promise<CardsTable> {
    const t = await this.ticket(token, merchant);
    const k: EntryKey = { merchant, roomId: body.roomId, handNo: body.handNo, memberId: t.memberId };
    // The hand is dealt by the first call after its time (or by the dealer job, if sooner).
    await this.advanceRoom(merchant, body.roomId);
    const entry = await this.repo.entry(k);
    if (!entry || entry.status !== 'ANTED') throw new AppError('cards.not.seated');
    if (entry.action === 'PLAY' || entry.action === 'FOLD') {
      if (entry.action !== body.action) throw new AppError('cards.hand.closed');
      return this.table(token, merchant, body.roomId);
    }
    const open = async (trx: Parameters<Parameters<CardsRepository['inRoom']>[1]>[0]) => {
      const hand = await this.repo.unsettledHand(trx, k);
      return hand !== undefined && Date.now() < new Date(hand.decide_by).getTime();
    };

    /** A decision that did not move: fine if a racing call made the same one. */
    const madeAlready = async (...actions: EntryRow['action'][]) =>
      actions.includes((await this.repo.entry(k))?.action ?? null);

    if (body.action === 'FOLD') {
      const folded = await this.repo.inRoom(
        k,
        async (trx) => (await open(trx)) && this.repo.setAction(trx, k, null, 'FOLD'),
      );
      if (!folded && !(await madeAlready('FOLD'))) throw new AppError('cards.hand.closed');
      await this.advanceRoom(merchant, body.roomId);
      return this.table(token, merchant, body.roomId);
    }

    // PLAY: marked, debited, confirmed while the hand is open; else the play bet goes back.
    if (entry.action === null) {
      const marked = await this.repo.inRoom(
        k,
        async (trx) => (await open(trx)) && this.repo.setAction(trx, k, null, 'PLAYING'),
      );
      if (!marked && !(await madeAlready('PLAYING', 'PLAY'))) throw new AppError('cards.hand.closed');
    }
    try {
      await this.wallet.debit(walletOfEntry(entry), this.debitOf(entry, playTxn(k)));
    } catch (err) {
      // Not enough money: the seat is undecided again (it may still fold, or fold by timing out).
      if (err instanceof AppError && err.code !== 'vendor.round.rolled.back')
        await this.repo.inRoom(k, (trx) => this.repo.setAction(trx, k, 'PLAYING', null));
      throw err;
    }
    const played = await this.repo.inRoom(
      k,
      async (trx) =>
        (await this.repo.unsettledHand(trx, k)) !== undefined &&
        this.repo.setAction(trx, k, 'PLAYING', 'PLAY'),
    );
    if (!played && !(await madeAlready('PLAY'))) {
      // The showdown came first: it counted the seat as folded and rolls the play bet back.
      await this.pay(merchant, body.roomId);
      throw new AppError('cards.hand.closed');
    }
    await this.advanceRoom(merchant, body.roomId);
    return this.table(token, merchant, body.roomId);
  }

  async history(token: unknown, merchant: string): Promise<CardsHistory> {
    const t = await this.ticket(token, merchant);
    const rows = await this.repo.history(t.memberId, t.nodeId, CARDS_HISTORY_SIZE);
    return {
      list: rows.map((r) => {
        const hand = this.handWire(
          {
            merchant_code: r.merchant_code,
            room_id: r.room_id,
            hand_no: r.hand_no,
            ante: r.ante,
            deal_at: r.hand_deal_at,
            decide_by: r.hand_decide_by,
            seats: r.hand_seats,
            result: r.hand_result,
            pot: r.hand_pot,
            rake: r.hand_rake,
            house_seat_stakes: null,
            house_seat_payouts: null,
            settled_at: r.hand_decide_by,
            created_at: r.created_at,
          },
          [r],
          t.memberId,
        );
        const own = hand.seats.find((s) => s.you);
        return { ...hand, stake: own?.stake ?? 0, payout: own?.payout ?? 0 };
      }),
    };
  }

  /** The operator's report: pots, rake (house revenue) and the house seats' result, per room. */
  async report(merchant: string): Promise<CardsReport> {
    const rows = await this.repo.report(merchant);
    const wire = (r: ReportRow) => ({
      roomId: r.room_id,
      hands: Number(r.hands),
      pots: fromMinor(r.pots),
      rake: fromMinor(r.rake),
      houseSeatStakes: fromMinor(r.house_seat_stakes),
      houseSeatPayouts: fromMinor(r.house_seat_payouts),
    });
    const sum = (f: (r: ReportRow) => string) => rows.reduce((a, r) => a + BigInt(f(r)), 0n).toString();
    return {
      list: rows.map(wire),
      total: wire({
        room_id: 'ALL',
        hands: sum((r) => r.hands),
        pots: sum((r) => r.pots),
        rake: sum((r) => r.rake),
        house_seat_stakes: sum((r) => r.house_seat_stakes),
        house_seat_payouts: sum((r) => r.house_seat_payouts),
      }),
    };
  }

  // ---- the dealer: deal, showdown, payment, sweep ----

  /**
   * One pass of the dealer over every brand (the background job) or one room (a player's call):
   * deals the hands whose time has come, settles those past their decision window (or whose
   * members have all decided), pays settled hands and rolls back late stakes. Idempotent.
   */
  async tick(merchant?: string): Promise<void> {
    const now = Date.now();
    for (const d of await this.repo.dueDeals(this.currentHand(now), merchant))
      await this.dealHand({ merchant: d.merchant_code, roomId: d.room_id, handNo: Number(d.hand_no) });
    for (const h of await this.repo.unsettledHands(merchant))
      await this.settleHand({ merchant: h.merchant_code, roomId: h.room_id, handNo: Number(h.hand_no) });
    const failures = await this.pay(merchant);
    if (failures.length > 0) throw failures[0];
  }

  private async advanceRoom(merchant: string, roomId: CardsRoomId): Promise<void> {
    const cur = this.currentHand(Date.now());
    // The hand dealt now, and any earlier one left behind (a stopped dealer).
    for (const d of await this.repo.dueDeals(cur, merchant))
      if (d.room_id === roomId) await this.dealHand({ merchant, roomId, handNo: Number(d.hand_no) });
    for (const h of await this.repo.unsettledHands(merchant, roomId))
      await this.settleHand({ merchant, roomId, handNo: Number(h.hand_no) });
    // A seat that cannot be paid now stays open for the dealer's next pass (which reports it).
    await this.pay(merchant, roomId);
  }

  /** Deals a hand once its time has come: members with a confirmed ante, house seats in the rest. */
  async dealHand(k: HandKey): Promise<void> {
    if (Date.now() < this.dealAt(k.handNo)) return;
    let dealt = false;
    await this.repo.inRoom(k, async (trx) => {
      if (await this.repo.hand(k, trx)) return;
      dealt = true;
      await this.repo.markLate(trx, k);
      const anted = (await this.repo.activeEntries(k, trx)).filter((e) => e.status === 'ANTED');
      const cards = deal(this.rng, CARDS_SEATS);
      const seats: StoredSeat[] =
        anted.length === 0
          ? []
          : cards.map((c, seat) => {
              const e = anted.find((x) => x.seat === seat);
              return { seat, kind: e ? 'PLAYER' : 'HOUSE', memberId: e ? e.member_id : null, cards: c };
            });
      await this.repo.insertHand(trx, {
        ...k,
        ante: ROOM_ANTE[k.roomId as CardsRoomId] ?? BigInt(anted[0]?.ante ?? 1),
        dealAt: new Date(this.dealAt(k.handNo)),
        decideBy: new Date(this.decideBy(k.handNo)),
        seats,
        settledEmpty: anted.length === 0,
      });
    });
    if (dealt) this.onHand(k.merchant, k.roomId, 'dealt');
  }

  /** The showdown, once: after the decision window, or as soon as every member has decided. */
  async settleHand(k: HandKey): Promise<void> {
    let settled = false;
    await this.repo.inRoom(k, async (trx) => {
      const hand = await this.repo.unsettledHand(trx, k);
      if (!hand) return;
      const entries = (await this.repo.activeEntries(k, trx)).filter((e) => e.status === 'ANTED');
      const timedOut = Date.now() >= new Date(hand.decide_by).getTime();
      const allDecided = entries.every((e) => e.action === 'PLAY' || e.action === 'FOLD');
      if (!timedOut && !allDecided) return;
      settled = true;
      const seats = hand.seats as StoredSeat[];
      const ante = BigInt(hand.ante);
      // Undecided members fold; a play bet still on its way counts as a fold and is rolled back.
      const playOf = (s: StoredSeat): boolean => {
        if (s.kind === 'HOUSE') return houseSeatPlays(s.cards);
        return entries.find((e) => e.member_id === s.memberId)?.action === 'PLAY';
      };
      const outcome = settleHand(
        seats.map((s) => ({ cards: s.cards, play: playOf(s) })),
        ante,
      );
      const result: StoredResult[] = seats.map((s, i) => ({
        seat: s.seat,
        play: playOf(s),
        stake: outcome.seats[i]!.stake.toString(),
        payout: outcome.seats[i]!.payout.toString(),
        winner: outcome.seats[i]!.winner,
        rank: outcome.seats[i]!.rank,
      }));
      const house = seats.map((s, i) => ({ s, r: outcome.seats[i]! })).filter((x) => x.s.kind === 'HOUSE');
      await this.repo.settle(trx, {
        ...k,
        result,
        pot: outcome.pot,
        rake: outcome.rake,
        houseSeatStakes: house.reduce((a, x) => a + x.r.stake, 0n),
        houseSeatPayouts: house.reduce((a, x) => a + x.r.payout, 0n),
        entries: entries.map((e) => {
          const i = seats.findIndex((s) => s.memberId === e.member_id);
          return {
            memberId: e.member_id,
            action: e.action === 'PLAY' ? 'PLAY' : 'FOLD',
            playVoid: e.action === 'PLAYING',
            payout: i < 0 ? 0n : outcome.seats[i]!.payout,
          };
        }),
      });
    });
    if (settled) this.onHand(k.merchant, k.roomId, 'settled');
  }

  /**
   * Credits settled seats and rolls back late stakes; repeated until each seat is done. A seat that
   * fails stays open and does not hold up the others; the failures are answered.
   */
  async pay(merchant?: string, roomId?: string): Promise<unknown[]> {
    const failures: unknown[] = [];
    for (const e of await this.repo.openEntries(merchant)) {
      if (roomId && e.room_id !== roomId) continue;
      try {
        await this.payEntry(e);
      } catch (err) {
        failures.push(err);
      }
    }
    return failures;
  }

  private async payEntry(e: EntryRow): Promise<void> {
    const k = keyOf(e);
    if (e.status === 'LATE') return this.voidLate(k);
    const w = walletOfEntry(e);
    const payout = BigInt(e.payout ?? 0);
    if (e.action === 'PLAY') {
      // The pot's share is split over the member's two bets: half on each (odd unit on the play bet).
      await this.wallet.credit(w, anteTxn(k), payout / 2n);
      await this.wallet.credit(w, playTxn(k), payout - payout / 2n);
    } else {
      await this.wallet.credit(w, anteTxn(k), payout);
      if (e.play_void) await this.rollbackQuietly(w, playTxn(k));
    }
    await this.repo.markPaid(k);
  }

  /** A seat too late for its hand: its ante goes back (or, not placed yet, can never be placed). */
  private async voidLate(k: EntryKey): Promise<void> {
    const e = await this.repo.entry(k);
    if (!e || (e.status !== 'LATE' && e.status !== 'PENDING')) return;
    if (e.status === 'PENDING' && !(await this.repo.setStatus(k, 'PENDING', 'LATE'))) return;
    await this.rollbackQuietly(walletOfEntry(e), anteTxn(k));
    await this.repo.setStatus(k, 'LATE', 'VOID');
  }

  private async rollbackQuietly(w: RoundWallet, txn: string): Promise<void> {
    try {
      await this.wallet.rollback(w, txn);
    } catch (err) {
      // Already settled: nothing to give back (cannot happen for a late stake; logged by the caller's job).
      if (!(err instanceof AppError && err.code === 'vendor.round.closed')) throw err;
    }
  }

  private debitOf(e: EntryRow, transactionId: string) {
    return {
      transactionId,
      gameType: e.game_type,
      gameCode: e.game_code,
      gameName: e.game_name,
      amount: BigInt(e.ante),
    };
  }

  // ---- presentation ----

  private handWire(hand: HandRow, entries: EntryRow[], memberId: string): CardsHand {
    const seats = hand.seats as StoredSeat[];
    const results = (hand.result ?? null) as StoredResult[] | null;
    const settled = results !== null;
    const ante = BigInt(hand.ante);
    const wireSeats: CardsSeat[] = seats.map((s) => {
      const you = s.memberId === memberId;
      const r = results?.find((x) => x.seat === s.seat);
      const e = entries.find((x) => x.member_id === s.memberId);
      const ownAction = e?.action === 'PLAY' || e?.action === 'FOLD' ? e.action : null;
      const action: CardsAction | null = r ? (r.play ? 'PLAY' : 'FOLD') : you ? ownAction : null;
      const show = settled || you;
      return {
        seat: s.seat,
        kind: s.kind,
        you,
        cards: show ? s.cards.map(cardText) : null,
        rank: r ? r.rank : null,
        action,
        stake: fromMinor(r ? BigInt(r.stake) : action === 'PLAY' ? ante * 2n : ante),
        payout: r ? fromMinor(r.payout) : null,
        winner: r ? r.winner : false,
      };
    });
    const pot = results
      ? BigInt(hand.pot ?? 0)
      : wireSeats.reduce((a, s) => a + (toMinor(s.stake) ?? 0n), 0n);
    return {
      roomId: hand.room_id as CardsRoomId,
      handNo: Number(hand.hand_no),
      ante: fromMinor(ante),
      dealAt: iso(hand.deal_at),
      decideBy: iso(hand.decide_by),
      settled,
      seats: wireSeats,
      pot: fromMinor(pot),
      rake: hand.rake === null || !settled ? null : fromMinor(hand.rake),
    };
  }
}
