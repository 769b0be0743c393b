import { AppError } from '../../../../platform/app-error';
import type { RoundWallet, SeamlessWalletService } from '../../seamless-wallet.service';
import { SecureRng, type Rng } from '../secure-rng';
import { netValidTurnover } from '../../../wallet';
import { settle, type BaccaratBetType, type BaccaratSettlement } from './baccarat-bets';
import { cardCode, dealRound, parseCard, type BaccaratRound } from './baccarat-rules';
import { lastClosedRound, roundTimes, type BaccaratSchedule } from './baccarat-schedule';
import { BaccaratShoe } from './baccarat-shoe';
import type { BaccaratRepository, BetRow, RoundRow } from './baccarat.repository';

/** A dealt round as stored in baccarat_round.result (cards as codes, as on the wire). */
interface StoredResult {
  playerCards: string[];
  bankerCards: string[];
  playerTotal: number;
  bankerTotal: number;
  outcome: BaccaratRound['outcome'];
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
}

/** "No more bets": the cards are drawn this long after betting closes, so a bet accepted just before has time to land. */
export const DEAL_DELAY_MS = 1000;
/** Rounds with bets still pending this long after betting closed are swept (dealt if need be and settled). */
export const SWEEP_AFTER_MS = 10_000;

function stored(r: BaccaratRound): StoredResult {
  return {
    playerCards: r.playerCards.map(cardCode),
    bankerCards: r.bankerCards.map(cardCode),
    playerTotal: r.playerTotal,
    bankerTotal: r.bankerTotal,
    outcome: r.outcome,
    playerPair: r.playerPair,
    bankerPair: r.bankerPair,
    natural: r.natural,
  };
}

/** Checks a stored result reads back (cards are cards). */
export function storedResult(value: unknown): StoredResult {
  const r = value as StoredResult;
  r.playerCards.forEach(parseCard);
  r.bankerCards.forEach(parseCard);
  return r;
}

/** The round's two opposite sides; the other spots cover nothing. */
const OPPOSITE_SIDES: Readonly<Record<BaccaratBetType, 'A' | 'B' | null>> = {
  BANKER: 'A',
  PLAYER: 'B',
  TIE: null,
  PLAYER_PAIR: null,
  BANKER_PAIR: null,
};

const walletOf = (b: BetRow): RoundWallet => ({
  merchant: b.merchant_code,
  vendor: b.vendor_code,
  memberId: b.member_id,
  walletVendor: b.wallet_vendor,
});

/**
 * The dealer of the baccarat tables: draws each round's cards once from the table's shoe and
 * settles each bet once. Any number of server processes may run it on one database at once:
 * - a round is dealt in one transaction holding the table's shoe row and the round row FOR UPDATE;
 *   a round with a result is never dealt again (insert-once), so its outcome cannot be re-drawn;
 * - bets lock the round FOR SHARE while checking it is undealt, so none joins a dealt round;
 * - each bet is settled by one seamless-wallet credit named by its transaction id (idempotent: a
 *   second dealer's credit of the same payout answers the first);
 * - the sweeper settles rounds whose settlement was interrupted (crash, lost connection).
 */
export class BaccaratDealerService {
  /** Per table, the last round this process dealt and settled (saves a query per tick). */
  private readonly done = new Map<string, number>();
  /** Rounds being finished in this process, by merchant:table:round. */
  private readonly running = new Map<string, Promise<RoundRow | undefined>>();

  constructor(
    private readonly repo: BaccaratRepository,
    private readonly wallet: SeamlessWalletService,
    readonly schedule: BaccaratSchedule,
    private readonly rng: Rng = new SecureRng(),
    // Read at each call (not Date.now itself): tests move the clock.
    readonly now: () => number = () => Date.now(),
    /** Heard once per round and process when a round is dealt and settled (the push channel tells the table). */
    private readonly onRoundDone: (merchant: string, tableId: number, roundNo: number) => void = () => {},
  ) {}

  get tableIds(): number[] {
    return Array.from({ length: this.schedule.tables }, (_, i) => i + 1);
  }

  /**
   * Deals the round unless it is dealt already; answers the round with its result either way.
   * WARNING: only a round whose betting has closed may be dealt (the caller checks the clock too).
   */
  async deal(merchant: string, tableId: number, roundNo: number): Promise<RoundRow> {
    const times = roundTimes(this.schedule, tableId, roundNo);
    if (this.now() < times.closesAt)
      throw new Error(`baccarat ${merchant}/${tableId}/${roundNo}: still betting`);
    return this.repo.transaction(async (trx) => {
      // The shoe first: it serialises every deal of the table (and a new table's first shoe is made once).
      let shoeRow = await this.repo.lockShoe(trx, merchant, tableId);
      if (!shoeRow) {
        await this.repo.insertShoeOnce(trx, merchant, tableId, BaccaratShoe.shuffled(this.rng).toJSON());
        shoeRow = (await this.repo.lockShoe(trx, merchant, tableId))!;
      }
      await this.repo.ensureRound(trx, merchant, tableId, roundNo, new Date(times.closesAt));
      const round = (await this.repo.lockRound(trx, merchant, tableId, roundNo, 'update'))!;
      if (round.result !== null) return round;

      let shoe = BaccaratShoe.fromJSON(shoeRow.state);
      let shoeNo = shoeRow.shoe_no;
      let hands = shoeRow.hands;
      // The cut card came out during the last hand: this round starts a new shoe.
      if (shoe.needsShuffle) {
        shoe = BaccaratShoe.shuffled(this.rng);
        shoeNo += 1;
        hands = 0;
      }
      const result = stored(dealRound(shoe));
      hands += 1;
      await this.repo.saveShoe(trx, merchant, tableId, { shoe_no: shoeNo, hands, state: shoe.toJSON() });
      await this.repo.writeResult(trx, { merchant, tableId, roundNo }, { shoeNo, handNo: hands, result });
      return { ...round, shoe_no: shoeNo, hand_no: hands, result, dealt_at: new Date() };
    });
  }

  /**
   * Settles every pending bet of a dealt round, each once; marks the round settled when none is
   * left. A member's Banker and Player bets cover each other: each bet's valid turnover is its share
   * of the member's net exposure on the round, worked out over all of the round's bets (settled
   * ones included), so a settlement resumed after a crash pays the same figures.
   */
  async settleRound(merchant: string, tableId: number, roundNo: number): Promise<void> {
    const round = await this.repo.round(merchant, tableId, roundNo);
    if (!round || round.result === null) return;
    const result = storedResult(round.result);
    const bets = await this.repo.roundBets(merchant, tableId, roundNo);
    const settled = new Map(
      bets.map((b) => [
        b.id,
        settle({ type: b.bet_type as BaccaratBetType, stake: BigInt(b.stake) }, result),
      ]),
    );
    const valid = netValidTurnover(
      bets.map((b) => ({
        id: b.id,
        group: b.member_id,
        side: OPPOSITE_SIDES[b.bet_type as BaccaratBetType],
        valid: settled.get(b.id)!.validBet,
      })),
    );
    for (const bet of bets) {
      if (bet.status !== 'PENDING') continue;
      await this.settleBet(bet, { payout: settled.get(bet.id)!.payout, validBet: valid.get(bet.id)! });
    }
    await this.repo.markSettled(merchant, tableId, roundNo);
  }

  private async settleBet(bet: BetRow, s: BaccaratSettlement): Promise<void> {
    const w = walletOf(bet);
    try {
      await this.wallet.credit(w, bet.transaction_id, s.payout, s.validBet);
      await this.repo.closeBet(bet.id, 'SETTLED', s.payout);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'vendor.round.closed') {
        // The stake was voided (the bet came after its rollback marker): nothing to pay.
        await this.repo.closeBet(bet.id, 'VOID', 0n);
        return;
      }
      if (err.code !== 'vendor.round.unknown') throw err;
      // No stake arrived: its debit failed, or is still in flight after the deal. The rollback
      // leaves a marker, so a stake that lands later is voided (money back), never left in play.
      try {
        await this.wallet.rollback(w, bet.transaction_id);
      } catch (e) {
        // The stake landed meanwhile and another dealer settled it: its row closes with that settlement.
        if (e instanceof AppError && e.code === 'vendor.round.closed') return;
        throw e;
      }
      await this.repo.closeBet(bet.id, 'VOID', 0n);
    }
  }

  /**
   * Deals (if need be) and settles a round whose betting closed at least DEAL_DELAY_MS ago.
   * Callers in this process asking for the same round at once share one run (players' polls
   * arrive together); another process may run it too, which the insert-once deal and the
   * idempotent credits make harmless.
   */
  finish(merchant: string, tableId: number, roundNo: number): Promise<RoundRow | undefined> {
    const times = roundTimes(this.schedule, tableId, roundNo);
    if (this.now() < times.closesAt + DEAL_DELAY_MS) return Promise.resolve(undefined);
    const key = `${merchant}:${tableId}:${roundNo}`;
    const running = this.running.get(key);
    if (running) return running;
    const run = (async () => {
      const round = await this.deal(merchant, tableId, roundNo);
      await this.settleRound(merchant, tableId, roundNo);
      const table = `${merchant}:${tableId}`;
      this.done.set(table, Math.max(roundNo, this.done.get(table) ?? -1));
      this.onRoundDone(merchant, tableId, roundNo);
      return round;
    })().finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  /** One beat of a table: deals and settles its latest closed round (once per round in this process). */
  async tick(merchant: string, tableId: number): Promise<void> {
    const last = lastClosedRound(this.schedule, tableId, this.now() - DEAL_DELAY_MS);
    if ((this.done.get(`${merchant}:${tableId}`) ?? -1) >= last.roundNo) return;
    await this.finish(merchant, tableId, last.roundNo);
  }

  /** Settles rounds left with pending bets (a dealer that stopped half way). Answers how many. */
  async sweep(limit = 50): Promise<number> {
    const rounds = await this.repo.roundsToSweep(new Date(this.now() - SWEEP_AFTER_MS), limit);
    for (const r of rounds) await this.finish(r.merchant, r.tableId, r.roundNo);
    return rounds.length;
  }
}
