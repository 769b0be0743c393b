export { createProvidersModule } from './providers.module';
export type { ProviderService } from './provider.service';
export type { RoundWallet, SeamlessWalletService } from './seamless-wallet.service';
export { SecureRng } from './house/secure-rng';
export type {
  TransferOutcome,
  TransferWalletOps,
  VendorAdapter,
  VendorPlayer,
  VendorRound,
} from './vendor-adapter';
export type { RoundSyncResult, VendorRoundSyncService } from './vendor-round-sync.service';
export { hub88Definition } from './hub88/hub88.definition';
export { HOUSE_PUBLISHED_RTP } from './house/published-rtp';
export type { JackpotService } from './house/jackpot/jackpot.service';
