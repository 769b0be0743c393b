import { AppError } from '../../platform/app-error';
import type { BetService, Bet } from '../wallet';
import type { VendorCallbackRepository } from './vendor-callback.repository';

/** Where a round's money lives: the member's main wallet, or its wallet at a transfer vendor. */
export interface RoundWallet {
  merchant: string;
  vendor: string;
  memberId: string;
  /** The transfer-wallet vendor whose wallet pays; null: the main wallet. */
  walletVendor: string | null;
}

interface DebitInput {
  /** The vendor's transaction id of the stake: it names the bet. */
  transactionId: string;
  gameType: string;
  gameCode: string;
  gameName: string;
  /** Minor units, > 0. */
  amount: bigint;
}

interface WalletAnswer {
  bet: Bet | null;
  /** The wallet the round plays from, after the call (minor units). */
  balance: bigint;
}

/**
 * The seamless wallet: what a vendor's debit, credit and rollback do to our books, whoever calls
 * (the signed callback API of third-party vendors, or the house vendor in-process). Every call is
 * idempotent: a bet is named by the vendor's stake transaction id, and a credit or rollback names
 * that bet. A credit for a bet we do not have (it arrived first, or the bet never came) is refused
 * with vendor.round.unknown and moves nothing: the vendor retries. A rollback for a bet we do not
 * have leaves a marker, so the bet, should it come later, is refused.
 */
export class SeamlessWalletService {
  constructor(
    private readonly bets: BetService,
    private readonly repo: VendorCallbackRepository,
  ) {}

  balance(w: RoundWallet): Promise<bigint> {
    return this.bets.walletBalance(w.merchant, w.memberId, w.walletVendor);
  }

  async debit(w: RoundWallet, input: DebitInput): Promise<WalletAnswer> {
    const placed = await this.bets.placeBet(w.merchant, w.memberId, {
      vendor: w.vendor,
      gameType: input.gameType,
      gameCode: input.gameCode,
      gameName: input.gameName,
      roundId: input.transactionId,
      stake: input.amount,
      ...(w.walletVendor ? { wallet: { vendor: w.walletVendor } } : {}),
    });
    // A stake must belong to the member and amount the vendor names (a reused id is a conflict).
    if (placed.bet.memberId !== w.memberId || placed.bet.stake !== input.amount)
      throw new AppError('wallet.reference.conflict');
    // A new stake was checked against the round's rollback marker by the batch that placed it,
    // under the round's lock (db/functions/bets.sql): a rollback marked before it is refused there, one
    // marked after it finds the bet and voids it. A repeat was placed by an earlier call, which
    // may have raced a rollback that stopped before voiding it: look for the marker now.
    if (placed.repeat && (await this.repo.isRolledBack(w.merchant, w.vendor, input.transactionId))) {
      await this.bets.voidBet(w.merchant, w.vendor, input.transactionId);
      throw new AppError('vendor.round.rolled.back');
    }
    return placed;
  }

  /**
   * Settles a bet: `payout` (stake included, >= 0) goes to the wallet the stake came from;
   * the stake counts as turnover unless the vendor says otherwise. A repeat with the same payout
   * answers as the first; another payout for a settled bet is a conflict.
   */
  async credit(
    w: RoundWallet,
    betTransactionId: string,
    payout: bigint,
    validBet?: bigint,
  ): Promise<WalletAnswer> {
    // One batched statement finds the bet (this member's only: another's is unknown), settles it
    // or answers a repeat; a bet we do not have is vendor.round.unknown and moves nothing.
    return this.bets.settleBet(
      w.merchant,
      w.vendor,
      betTransactionId,
      { payout, ...(validBet === undefined ? {} : { validBet }) },
      w.memberId,
    );
  }

  /**
   * A further win on a settled bet (the vendor pays one round in several wins), named by the
   * vendor's win transaction id: credited once, a repeat answers alike (BetService.addPayout).
   */
  async creditMore(
    w: RoundWallet,
    betTransactionId: string,
    winId: string,
    amount: bigint,
  ): Promise<WalletAnswer> {
    return this.bets.addPayout(w.merchant, w.vendor, betTransactionId, winId, amount, w.memberId);
  }

  /** Cancels a bet: the stake goes back. A settled bet cannot be rolled back. */
  async rollback(w: RoundWallet, betTransactionId: string): Promise<WalletAnswer> {
    await this.repo.markRolledBack(w.merchant, w.vendor, betTransactionId);
    const bet = await this.ownBet(w, betTransactionId);
    if (!bet) return { bet: null, balance: await this.balance(w) };
    if (bet.status === 'SETTLED') throw new AppError('vendor.round.closed');
    return this.bets.voidBet(w.merchant, w.vendor, betTransactionId, w.memberId);
  }

  /** The bet, if it exists and is this member's (another member's id is refused, not revealed). */
  private async ownBet(w: RoundWallet, transactionId: string): Promise<Bet | null> {
    const bet = await this.bets.find(w.merchant, w.vendor, transactionId);
    if (bet && bet.memberId !== w.memberId) throw new AppError('vendor.round.unknown');
    return bet;
  }
}
