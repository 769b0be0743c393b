import { randomBytes } from 'node:crypto';
import {
  BACCARAT_BET_TYPES,
  BACCARAT_CHIPS,
  BACCARAT_HISTORY_SIZE,
  BACCARAT_LIMITS,
  BACCARAT_STAKE_STEP,
  fromMinor,
  minorText,
  toMinor,
  type BaccaratBet,
  type BaccaratBetRequest,
  type BaccaratBetResult,
  type BaccaratBetType,
  type BaccaratHistory,
  type BaccaratInfo,
  type BaccaratLobby,
  type BaccaratResult,
  type BaccaratRoads,
  type BaccaratState,
  type BaccaratTable,
} from '@app/contracts';
import type { HouseRoomsService } from '../house-rooms.service';
import { AppError } from '../../../../platform/app-error';
import { refuseBlockedBet, type GameTicket, type GameTicketService } from '../../game-ticket.service';
import type { RoundWallet, SeamlessWalletService } from '../../seamless-wallet.service';
import { BANKER_COMMISSION_PERCENT, publishedBaccaratFigures } from './baccarat-bets';
import { DEAL_DELAY_MS, storedResult, type BaccaratDealerService } from './baccarat-dealer.service';
import { beadRoad, bigRoad } from './baccarat-roads';
import { roundAt } from './baccarat-schedule';
import { SHOE_DECKS } from './baccarat-shoe';
import type { BaccaratRepository, BetRow, RoundRow } from './baccarat.repository';

const PAYS: Record<BaccaratBetType, string> = {
  PLAYER: '1:1',
  BANKER: '0.95:1',
  TIE: '8:1',
  PLAYER_PAIR: '11:1',
  BANKER_PAIR: '11:1',
};

/** Stakes are whole multiples of this (minor units): the banker's 5% commission is then exact. */
export const STAKE_STEP_MINOR = toMinor(BACCARAT_STAKE_STEP)!;
/** Table limits in minor units. */
export const LIMITS_MINOR = Object.fromEntries(
  BACCARAT_BET_TYPES.map((t) => [
    t,
    { min: toMinor(BACCARAT_LIMITS[t].min)!, max: toMinor(BACCARAT_LIMITS[t].max)! },
  ]),
) as Record<BaccaratBetType, { min: bigint; max: bigint }>;

// The rule the limits must keep (checked at start-up): every allowed banker stake pays an exact 5%.
if (LIMITS_MINOR.BANKER.min < 20n || STAKE_STEP_MINOR % (100n / BANKER_COMMISSION_PERCENT) !== 0n) {
  throw new Error('Baccarat stakes must be multiples of 0.20 so the banker commission is exact');
}

function resultWire(row: RoundRow | undefined): BaccaratResult | null {
  if (!row || row.result === null || row.shoe_no === null || row.hand_no === null) return null;
  return { ...storedResult(row.result), shoeNo: row.shoe_no, handNo: row.hand_no };
}

function betWire(b: BetRow): BaccaratBet {
  return {
    type: b.bet_type as BaccaratBetType,
    stake: fromMinor(b.stake),
    payout: b.status === 'PENDING' || b.payout === null ? null : fromMinor(b.payout),
    status: b.status === 'PENDING' ? 'PLACED' : b.status,
  };
}

/** The transaction id naming a bet's stake: table, round, member, spot and a random tail. */
const transactionIdOf = (tableId: number, roundNo: number, memberId: string, type: BaccaratBetType) =>
  `BAC${tableId}-${roundNo}-${memberId}-${type}-${randomBytes(4).toString('hex')}`;

/**
 * The house live baccarat's game calls. The tables and their rounds belong to the brand:
 * every player sees the same round, cards and roads. A bet is a seamless-wallet debit on the open
 * round; the dealer (BaccaratDealerService) draws the cards once betting closes and settles.
 */
export class HouseBaccaratService {
  /** Roads per table, kept until the table's shoe deals another hand. */
  private readonly roads = new Map<string, { shoeNo: number; hands: number; roads: BaccaratRoads }>();

  constructor(
    private readonly tickets: GameTicketService,
    private readonly wallet: SeamlessWalletService,
    private readonly repo: BaccaratRepository,
    private readonly dealer: BaccaratDealerService,
    /** The tables each brand has closed (none when not given). */
    private readonly roomSettings?: HouseRoomsService,
  ) {}

  /** The tables open at the brand, in order. */
  private async openTables(merchant: string): Promise<number[]> {
    const closed = (await this.roomSettings?.closed(merchant, 'BACCARAT')) ?? new Set<string>();
    return this.dealer.tableIds.filter((id) => !closed.has(String(id)));
  }

  private async ticket(token: unknown, merchant: string): Promise<GameTicket> {
    const t = await this.tickets.verify(token, merchant);
    if (t.engine !== 'BACCARAT') throw new AppError('game.token.invalid');
    return t;
  }

  private walletOf(t: GameTicket): RoundWallet {
    return { merchant: t.merchant, vendor: t.vendor, memberId: t.memberId, walletVendor: t.walletVendor };
  }

  private checkTable(tableId: number): void {
    if (!this.dealer.tableIds.includes(tableId)) throw new AppError('baccarat.table.unknown');
  }

  async info(token: unknown, merchant: string): Promise<BaccaratInfo> {
    const t = await this.ticket(token, merchant);
    const figures = publishedBaccaratFigures();
    const s = this.dealer.schedule;
    return {
      gameName: t.gameName,
      vendor: t.vendor,
      gameCode: t.gameCode,
      currencySymbol: t.currencySymbol,
      balance: fromMinor(await this.wallet.balance(this.walletOf(t))),
      tables: await this.openTables(merchant),
      chips: [...BACCARAT_CHIPS],
      stakeStep: BACCARAT_STAKE_STEP,
      limits: BACCARAT_BET_TYPES.map((type) => ({ type, ...BACCARAT_LIMITS[type] })),
      bets: BACCARAT_BET_TYPES.map((type) => ({
        type,
        pays: PAYS[type],
        houseEdge: figures.houseEdge[type].percent,
        rtp: figures.rtp[type],
      })),
      commissionPercent: Number(BANKER_COMMISSION_PERCENT),
      decks: SHOE_DECKS,
      betSeconds: s.betSeconds,
      roundSeconds: s.betSeconds + s.resultSeconds,
    };
  }

  /** A table now; deals and settles its closed round first if no dealer has yet. */
  private async table(merchant: string, tableId: number): Promise<BaccaratTable> {
    const now = this.dealer.now();
    const times = roundAt(this.dealer.schedule, tableId, now);
    let phase: BaccaratTable['phase'] = 'BETTING';
    let current: RoundRow | undefined;
    if (now >= times.closesAt) {
      current = await this.repo.round(merchant, tableId, times.roundNo);
      if ((!current || current.result === null) && now >= times.closesAt + DEAL_DELAY_MS) {
        current = await this.dealer.finish(merchant, tableId, times.roundNo);
      }
      phase = current && current.result !== null ? 'RESULT' : 'DEALING';
    }
    const [previous, roads] = await Promise.all([
      this.repo.lastDealt(merchant, tableId, times.roundNo),
      this.roadsOf(merchant, tableId),
    ]);
    return {
      tableId,
      roundNo: times.roundNo,
      phase,
      opensAt: times.opensAt,
      closesAt: times.closesAt,
      nextOpensAt: times.nextOpensAt,
      serverTime: now,
      result: resultWire(current),
      previous: resultWire(previous),
      roads,
    };
  }

  private async roadsOf(merchant: string, tableId: number): Promise<BaccaratRoads> {
    const key = `${merchant}:${tableId}`;
    const shoe = await this.repo.currentShoeNo(merchant, tableId);
    const empty: BaccaratRoads = {
      shoeNo: 1,
      bead: [],
      bigRoad: [],
      counts: { PLAYER: 0, BANKER: 0, TIE: 0 },
    };
    if (!shoe) return empty;
    const hit = this.roads.get(key);
    if (hit && hit.shoeNo === shoe.shoe_no && hit.hands === shoe.hands) return hit.roads;
    const rounds = (await this.repo.shoeRounds(merchant, tableId, shoe.shoe_no)).map((r) =>
      storedResult(r.result),
    );
    const counts = { PLAYER: 0, BANKER: 0, TIE: 0 };
    for (const r of rounds) counts[r.outcome]++;
    const roads: BaccaratRoads = {
      shoeNo: shoe.shoe_no,
      bead: beadRoad(rounds).map(({ col, row, outcome, playerPair, bankerPair }) => ({
        col,
        row,
        outcome,
        playerPair,
        bankerPair,
      })),
      bigRoad: bigRoad(rounds).map(({ col, row, outcome, ties, playerPair, bankerPair }) => ({
        col,
        row,
        outcome,
        ties,
        playerPair,
        bankerPair,
      })),
      counts,
    };
    if (this.roads.size > 1000) this.roads.clear();
    this.roads.set(key, { shoeNo: shoe.shoe_no, hands: rounds.length, roads });
    return roads;
  }

  async lobby(token: unknown, merchant: string): Promise<BaccaratLobby> {
    const t = await this.ticket(token, merchant);
    const tables: BaccaratTable[] = [];
    for (const id of await this.openTables(merchant)) tables.push(await this.table(merchant, id));
    return { tables, balance: fromMinor(await this.wallet.balance(this.walletOf(t))) };
  }

  async state(token: unknown, merchant: string, tableId: number): Promise<BaccaratState> {
    const t = await this.ticket(token, merchant);
    this.checkTable(tableId);
    const table = await this.table(merchant, tableId);
    const [bets, balance] = await Promise.all([
      this.repo.memberRoundBets(merchant, tableId, table.roundNo, t.memberId),
      this.wallet.balance(this.walletOf(t)),
    ]);
    return { ...table, myBets: bets.map(betWire), balance: fromMinor(balance) };
  }

  /**
   * One bet on one spot of the open round. The bet row is written first, under the round's lock
   * (so never on a dealt round), then its stake is debited. A repeat (same spot, same amount) is
   * the same bet and moves no more money; another amount on a spot already bet is refused.
   */
  async bet(token: unknown, merchant: string, body: BaccaratBetRequest): Promise<BaccaratBetResult> {
    const t = await this.ticket(token, merchant);
    refuseBlockedBet(t);
    this.checkTable(body.table);
    if (!(await this.openTables(merchant)).includes(body.table)) throw new AppError('house.room.closed');
    const amount = toMinor(body.amount);
    if (amount === null || amount <= 0n || amount % STAKE_STEP_MINOR !== 0n)
      throw new AppError('game.bet.invalid');
    const limit = LIMITS_MINOR[body.type];
    if (amount < limit.min || amount > limit.max)
      throw new AppError('baccarat.bet.limit', undefined, [minorText(limit.min), minorText(limit.max)]);

    const times = roundAt(this.dealer.schedule, body.table, this.dealer.now());
    if (body.roundNo !== times.roundNo || this.dealer.now() >= times.closesAt)
      throw new AppError('baccarat.betting.closed');

    const placed = await this.repo.transaction(async (trx) => {
      await this.repo.ensureRound(trx, merchant, body.table, times.roundNo, new Date(times.closesAt));
      const round = await this.repo.lockRound(trx, merchant, body.table, times.roundNo, 'share');
      if (!round || round.result !== null) return null;
      return this.repo.insertBet(trx, {
        merchant,
        tableId: body.table,
        roundNo: times.roundNo,
        memberId: t.memberId,
        vendor: t.vendor,
        walletVendor: t.walletVendor,
        gameType: t.gameType,
        gameCode: t.gameCode,
        gameName: t.gameName,
        type: body.type,
        stake: amount,
        transactionId: transactionIdOf(body.table, times.roundNo, t.memberId, body.type),
      });
    });
    if (!placed) throw new AppError('baccarat.betting.closed');
    const row = placed.row;
    if (BigInt(row.stake) !== amount) throw new AppError('baccarat.bet.placed');
    if (row.status === 'VOID') throw new AppError('baccarat.betting.closed');

    const w = this.walletOf(t);
    let balance: bigint;
    if (row.status === 'SETTLED') balance = await this.wallet.balance(w);
    else {
      try {
        balance = (
          await this.wallet.debit(w, {
            transactionId: row.transaction_id,
            gameType: t.gameType,
            gameCode: t.gameCode,
            gameName: t.gameName,
            amount,
          })
        ).balance;
      } catch (err) {
        if (err instanceof AppError && err.code === 'wallet.insufficient') {
          // Nothing was staked. The rollback marker voids a stake of this id should one still land
          // (a racing retry), then the spot is freed for another bet.
          await this.wallet.rollback(w, row.transaction_id).catch(() => undefined);
          await this.repo.deletePending(row.id);
        }
        // The dealer voided the bet: its stake came after the cards were drawn.
        if (err instanceof AppError && err.code === 'vendor.round.rolled.back')
          throw new AppError('baccarat.betting.closed');
        throw err;
      }
    }
    const mine = await this.repo.memberRoundBets(merchant, body.table, times.roundNo, t.memberId);
    const bet = mine.find((b) => b.id === row.id) ?? row;
    return {
      tableId: body.table,
      roundNo: times.roundNo,
      bet: betWire(bet),
      myBets: mine.map(betWire),
      balance: fromMinor(balance),
    };
  }

  async history(token: unknown, merchant: string): Promise<BaccaratHistory> {
    const t = await this.ticket(token, merchant);
    const { rounds, bets } = await this.repo.memberHistory(merchant, t.memberId, BACCARAT_HISTORY_SIZE);
    const key = (tableId: number, roundNo: string) => `${tableId}:${roundNo}`;
    const byRound = new Map(rounds.map((r) => [key(r.table_id, r.round_no), r]));
    const groups = new Map<string, BetRow[]>();
    for (const b of bets) {
      const k = key(b.table_id, b.round_no);
      groups.set(k, [...(groups.get(k) ?? []), b]);
    }
    const list = [...groups.entries()].map(([k, list]) => {
      const live = list.filter((b) => b.status !== 'VOID');
      const pending = live.some((b) => b.status === 'PENDING');
      const first = list.reduce((a, b) => (a.created_at <= b.created_at ? a : b));
      return {
        tableId: first.table_id,
        roundNo: Number(first.round_no),
        time: new Date(first.created_at).toISOString(),
        result: resultWire(byRound.get(k)),
        bets: list.map(betWire),
        totalStake: fromMinor(live.reduce((s, b) => s + BigInt(b.stake), 0n)),
        totalPayout: pending ? null : fromMinor(live.reduce((s, b) => s + BigInt(b.payout ?? 0), 0n)),
      };
    });
    list.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : b.roundNo - a.roundNo));
    return { list };
  }
}
