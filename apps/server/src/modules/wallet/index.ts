export {
  type BetStatsService,
  type RoundLeg,
  type TurnoverLine,
  netValidTurnover,
  totalValid,
} from './bet-stats.service';
export type { Bet, BetService } from './bet.service';
export type { BonusAccounts, BonusService } from './bonus.service';
export { LedgerService, type PostResult } from './ledger.service';
export type { MemberTransferService } from './member-transfer.service';
export type { TurnoverService } from './turnover.service';
export { createWalletModule } from './wallet.module';
export type { WalletService } from './wallet.service';
export type {
  TransferOpsLookup,
  TransferPlayer,
  VendorTransferOps,
  VendorTransferService,
} from './vendor-transfer.service';
