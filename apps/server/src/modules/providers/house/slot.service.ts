import {
  fromMinor,
  toMinor,
  type SlotInfo,
  type SlotRound,
  type SlotSpin,
  type SlotSpinResult,
} from '@app/contracts';
import { AppError } from '../../../platform/app-error';
import { refuseBlockedBet, type GameTicket, type GameTicketService } from '../game-ticket.service';
import type { RoundWallet, SeamlessWalletService } from '../seamless-wallet.service';
import type { HouseRoundRepository, HouseRoundRow } from './house-round.repository';
import { jackpotReturn, JACKPOT_TERMS, SLOT_PUBLISHED_RTP } from './jackpot/jackpot-figures';
import type { JackpotService } from './jackpot/jackpot.service';
import { SecureRng, type Rng } from './secure-rng';
import { playSlotRound, type SlotRoundOutcome, type SlotSpinOutcome } from './slot-engine';
import { SLOT_FIGURES } from './slot-figures';
import { SLOT_LINES, slotPaytableInfo } from './slot-paytable';

/** Bets per line the player can choose, minor units; a game offers those at or above its minimum. */
const BET_PER_LINE_OPTIONS = [1n, 2n, 5n, 10n, 20n, 50n, 100n, 200n, 500n, 1000n];
const HISTORY = 10;

/** A spin as stored in house_round.detail and answered on the wire (amounts in major units). */
function spinWire(s: SlotSpinOutcome): SlotSpin {
  return {
    grid: s.grid.map((reel) => [...reel]),
    lineWins: s.lineWins.map((w) => ({
      line: w.line,
      symbol: w.symbol,
      count: w.count,
      win: fromMinor(w.win),
    })),
    scatterCount: s.scatterCount,
    scatterWin: fromMinor(s.scatterWin),
    freeSpinsAwarded: s.freeSpinsAwarded,
    multiplier: s.multiplier,
    win: fromMinor(s.win),
  };
}

interface StoredDetail {
  base: SlotSpin;
  freeSpins: SlotSpin[];
}

function roundWire(row: HouseRoundRow): SlotRound {
  const detail = row.detail as StoredDetail;
  return {
    roundId: row.round_id,
    time: new Date(row.created_at).toISOString(),
    bet: fromMinor(row.bet),
    base: detail.base,
    freeSpins: detail.freeSpins,
    totalWin: fromMinor(row.total_win),
  };
}

/**
 * The house slot: outcomes decided here with a secure RNG, money through the seamless
 * wallet like any vendor's. A spin is one round: the stake is debited, the outcome (base spin and
 * any free spins) is decided and stored, and the round is settled with its total win.
 * Every paid spin of a real account feeds the progressive jackpot and may win it
 * (jackpot/README.md): the contribution and a win are stored in the transaction that stores the
 * round's outcome.
 * WARNING: a round is named by the member and the client's requestId, and its outcome is stored
 * once: a retried spin (lost answer, double click) settles the first outcome and never draws a
 * second one, so retrying cannot be used to re-roll a losing spin, nor the jackpot's draw.
 */
export class HouseSlotService {
  constructor(
    private readonly tickets: GameTicketService,
    private readonly wallet: SeamlessWalletService,
    private readonly rounds: HouseRoundRepository,
    private readonly jackpot: JackpotService,
    private readonly rng: Rng = new SecureRng(),
  ) {}

  private async ticket(token: unknown, merchant: string): Promise<GameTicket> {
    const t = await this.tickets.verify(token, merchant);
    if (t.engine !== 'SLOT') throw new AppError('game.token.invalid');
    return t;
  }

  private walletOf(t: GameTicket): RoundWallet {
    return { merchant: t.merchant, vendor: t.vendor, memberId: t.memberId, walletVendor: t.walletVendor };
  }

  /** Total bets offered: bet per line times the lines, at or above the game's minimum. */
  static betOptions(minBet: bigint): bigint[] {
    const lines = BigInt(SLOT_LINES.length);
    const all = BET_PER_LINE_OPTIONS.map((b) => b * lines);
    const allowed = all.filter((b) => b >= minBet);
    return allowed.length > 0 ? allowed : [all[all.length - 1]!];
  }

  async info(token: unknown, merchant: string): Promise<SlotInfo> {
    const t = await this.ticket(token, merchant);
    const table = slotPaytableInfo();
    return {
      gameName: t.gameName,
      vendor: t.vendor,
      gameCode: t.gameCode,
      currencySymbol: t.currencySymbol,
      balance: fromMinor(await this.wallet.balance(this.walletOf(t))),
      betOptions: HouseSlotService.betOptions(t.minBet).map(fromMinor),
      lines: table.lines,
      paytable: table.paytable,
      scatter: table.scatter,
      rtp: SLOT_PUBLISHED_RTP.total,
      paytableRtp: SLOT_PUBLISHED_RTP.paytable,
      jackpot: {
        contributionPercent: jackpotReturn().contributionPercent,
        odds: Number(JACKPOT_TERMS.oddsMinor / 100n),
        returnPercent: SLOT_PUBLISHED_RTP.jackpot,
      },
      hitRate: SLOT_FIGURES.hitRate,
      maxWinMultiplier: SLOT_FIGURES.maxWinMultiplier,
    };
  }

  async spin(
    token: unknown,
    merchant: string,
    body: { bet: number | string; requestId: string },
  ): Promise<SlotSpinResult> {
    const t = await this.ticket(token, merchant);
    refuseBlockedBet(t);
    const bet = toMinor(body.bet);
    if (bet === null || !HouseSlotService.betOptions(t.minBet).includes(bet))
      throw new AppError('game.bet.invalid');
    const w = this.walletOf(t);
    // The member's id keeps two members' request ids apart; the vendor keeps vendors apart.
    const roundId = `${t.memberId}-${body.requestId}`;

    let stored = await this.rounds.byRound(merchant, roundId);
    if (stored && BigInt(stored.bet) !== bet) throw new AppError('wallet.reference.conflict');
    // What this round won from the jackpot: paid in the round's transaction, to the same wallet.
    let jackpotWin: bigint | null = null;
    if (stored) {
      if (!t.trial) jackpotWin = (await this.jackpot.winOf(merchant, t.vendor, roundId))?.amount ?? null;
    } else {
      await this.wallet.debit(w, {
        transactionId: roundId,
        gameType: t.gameType,
        gameCode: t.gameCode,
        gameName: t.gameName,
        amount: bet,
      });
      const outcome: SlotRoundOutcome = playSlotRound(this.rng, bet / BigInt(SLOT_LINES.length));
      const row = {
        merchant,
        memberId: t.memberId,
        nodeId: t.nodeId,
        roundId,
        bet,
        totalWin: outcome.totalWin,
        detail: {
          base: spinWire(outcome.base),
          freeSpins: outcome.freeSpins.map(spinWire),
        } satisfies StoredDetail,
      };
      if (t.trial) stored = await this.rounds.insertOnce(row);
      else ({ stored, jackpotWin } = await this.storeWithJackpot(t, roundId, bet, row));
    }
    const settled = await this.wallet.credit(w, roundId, BigInt(stored.total_win), bet);
    return {
      ...roundWire(stored),
      balance: fromMinor(settled.balance),
      ...(jackpotWin === null ? {} : { jackpotWin: fromMinor(jackpotWin) }),
    };
  }

  /**
   * Stores a real account's round with its jackpot contribution and, if its one draw wins, the
   * pool. A racing request of the same round that stored it first decided both: read back.
   */
  private async storeWithJackpot(
    t: GameTicket,
    roundId: string,
    bet: bigint,
    row: Parameters<HouseRoundRepository['insertNew']>[0],
  ): Promise<{ stored: HouseRoundRow; jackpotWin: bigint | null }> {
    const accounts = await this.jackpot.prepare(t.merchant, t.memberId, t.walletVendor);
    const hit = this.jackpot.draw(bet);
    const result = await this.jackpot.storeRound(
      accounts,
      {
        merchant: t.merchant,
        vendor: t.vendor,
        roundId,
        memberId: t.memberId,
        walletVendor: t.walletVendor,
        gameType: t.gameType,
        gameCode: t.gameCode,
        gameName: t.gameName,
        stake: bet,
      },
      hit,
      (trx) => this.rounds.insertNew(row, trx),
    );
    if (result.stored) return { stored: result.stored, jackpotWin: result.win?.amount ?? null };
    const won = await this.jackpot.winOf(t.merchant, t.vendor, roundId);
    return { stored: (await this.rounds.byRound(t.merchant, roundId))!, jackpotWin: won?.amount ?? null };
  }

  async history(token: unknown, merchant: string): Promise<{ list: SlotRound[] }> {
    const t = await this.ticket(token, merchant);
    return { list: (await this.rounds.latest(t.memberId, t.nodeId, HISTORY)).map(roundWire) };
  }
}
