import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { ProtectionService } from '../protection';
import type { ProfileService } from '../member';
import type { InboxService } from '../messages';
import type { VendorService } from '../vendors';
import { BetStatsRepository } from './bet-stats.repository';
import { BetStatsService } from './bet-stats.service';
import { BetRepository } from './bet.repository';
import { BetService } from './bet.service';
import { BonusService } from './bonus.service';
import { LedgerService } from './ledger.service';
import { TurnoverService } from './turnover.service';
import { WalletRepository } from './wallet.repository';
import { walletRoutes } from './wallet.routes';
import { WalletService } from './wallet.service';
import { MemberTransferService } from './member-transfer.service';
import { vendorTransferReconcileJob } from './vendor-transfer.job';
import { vendorTransferRoutes } from './vendor-transfer.routes';
import { VendorTransferRepository } from './vendor-transfer.repository';
import { VendorTransferService, type TransferOpsLookup } from './vendor-transfer.service';

interface WalletDeps extends ModuleContext {
  inbox: InboxService;
  vendors: VendorService;
  profile: ProfileService;
  /**
   * The transfer operations of a vendor adapter by code. The adapters are the providers module's,
   * composed after this one: looked up when money moves, never at composition.
   */
  transferOps: TransferOpsLookup;
  /** Members' breaks: no money moves into a game vendor's wallet during one. */
  protection: Pick<ProtectionService, 'assertMayPlay'>;
}

interface WalletServices {
  /** The one ledger every module that moves money posts through. */
  ledger: LedgerService;
  turnover: TurnoverService;
  /** Stakes and settlements of every game (vendor callbacks, house games, lottery). */
  bets: BetService;
  /** Every reward paid in money: one entry, its turnover, its inbox message; once. */
  bonus: BonusService;
  /** Valid turnover from settled bets: the one definition rebates, points, missions and VIP count. */
  betStats: BetStatsService;
  wallet: WalletService;
  /** Money a member sends to another: to the upline, or an agent to its downline. */
  transfers: MemberTransferService;
  /** Every move of money to and from transfer-wallet vendors, and their reconciliation. */
  vendorTransfers: VendorTransferService;
}

/**
 * Money: the ledger, bets, turnover requirements and bonuses, and the member's wallets (balances,
 * transfers to vendor wallets and to the upline, operator adjustments, trial play money).
 */
export function createWalletModule(deps: WalletDeps): ServerModule<WalletServices> {
  const notices = deps.notices;
  const ledger = new LedgerService(deps.db, notices);
  const turnover = new TurnoverService();
  const bets = new BetService(
    new BetRepository(deps.db, {
      batchesInFlight: deps.config.LEDGER_BATCHES_IN_FLIGHT,
      onBatch: (kind, size) => deps.metrics.ledgerBatch.observe({ kind }, size),
    }),
    ledger,
    notices,
  );
  const vendorTransfers = new VendorTransferService(
    new VendorTransferRepository(deps.db),
    ledger,
    deps.transferOps,
    {
      callTimeoutMs: 10_000,
      maxAttempts: 30,
    },
    (brand, memberId) => deps.protection.assertMayPlay(brand, memberId),
  );
  const wallet = new WalletService(
    new WalletRepository(deps.db),
    ledger,
    deps.inbox,
    turnover,
    deps.vendors,
    vendorTransfers,
  );
  // The one path for money a member sends to another: to the upline (member and agent pages alike)
  // and an agent's transfer to its downline.
  const transfers = new MemberTransferService(new WalletRepository(deps.db), ledger, turnover, deps.profile);
  return {
    services: {
      ledger,
      turnover,
      bets,
      bonus: new BonusService(ledger, turnover, deps.inbox),
      betStats: new BetStatsService(new BetStatsRepository(deps.db)),
      wallet,
      transfers,
      vendorTransfers,
    },
    jobs: [vendorTransferReconcileJob(vendorTransfers, deps.log)],
    routes: async (app: FastifyInstance) => {
      await app.register(walletRoutes, { wallet, transfers });
      await app.register(vendorTransferRoutes, { vendorTransfers });
    },
  };
}
