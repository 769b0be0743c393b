import type { BetService } from '../wallet';
import type { TransferOutcome, TransferWalletOps, VendorPlayer } from './vendor-adapter';

/**
 * The simulated studio's transfer wallet: the studio keeps the member's balance in our ledger
 * vendor account (its games stake from it through the seamless wallet), so a move to or from it
 * is the platform's ledger move itself and confirms at once, and its balance is that account's.
 */
export class LedgerTransferOps implements TransferWalletOps {
  readonly ledgerBacked = true;

  constructor(private readonly bets: BetService) {}

  async deposit(): Promise<TransferOutcome> {
    return 'DONE';
  }

  async withdraw(): Promise<TransferOutcome> {
    return 'DONE';
  }

  balance(player: VendorPlayer): Promise<bigint> {
    return this.bets.walletBalance(player.merchant, player.memberId, player.vendor);
  }

  /** Every move was confirmed in the transaction that recorded it. */
  async status(): Promise<TransferOutcome | 'UNKNOWN'> {
    return 'DONE';
  }
}
