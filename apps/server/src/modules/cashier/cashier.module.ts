import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { ProviderConfigSource } from '../integrations';
import type { ProtectionService } from '../protection';
import type { ProfileService } from '../member';
import type { InboxService } from '../messages';
import type { CountLinked } from '../players';
import type { ImageService } from '../uploads';
import type { LedgerService } from '../wallet';
import type { TurnoverService } from '../wallet';
import type { WalletService } from '../wallet';
import { approvalRoutes } from './approval.routes';
import { ApprovalService } from './approval.service';
import { IdempotencyStore, idempotencyPruneJob } from './idempotency';
import { cashierSettingsRoutes } from './cashier-settings.routes';
import { PaymentChannelAdminRepository } from './payment-channel-admin.repository';
import { paymentChannelAdminRoutes } from './payment-channel-admin.routes';
import { PaymentChannelAdminService } from './payment-channel-admin.service';
import { CashierSettingsService } from './cashier-settings.service';
import { demoPaymentAdapter } from './demo-gateway';
import { depositReconcileJob } from './deposit-reconcile.job';
import { DepositRepository } from './deposit.repository';
import { depositRoutes } from './deposit.routes';
import { DepositService } from './deposit.service';
import { PayoutAccountRepository } from './payout-account.repository';
import { PayoutAccountService } from './payout-account.service';
import { withdrawalAutoConfirmJob } from './withdrawal-auto-confirm.job';
import { xenditPaymentAdapter } from './xendit-deposits.adapter';
import { WithdrawalRepository } from './withdrawal.repository';
import { withdrawalRoutes } from './withdrawal.routes';
import { type KycWaitRule, WithdrawalService } from './withdrawal.service';
import { XenditPayouts } from './xendit-payouts.client';
import { providerPayoutReconcileJob } from './xendit-payouts.job';
import { ProviderPayoutRepository } from './xendit-payouts.repository';
import { providerPayoutRoutes } from './xendit-payouts.routes';
import { ProviderPayoutService } from './xendit-payouts.service';

interface CashierDeps extends ModuleContext {
  images: ImageService;
  inbox: InboxService;
  profile: ProfileService;
  ledger: LedgerService;
  turnover: TurnoverService;
  wallet: WalletService;
  /** The players module's count of linked accounts (composed later; called only at request time). */
  countLinked: CountLinked;
  /** Brands' provider configurations (integrations module): which brands pay out through Xendit. */
  configs: ProviderConfigSource;
  /** The HTTP client providers are called with (tests may pass one that counts or fails calls). */
  fetch?: typeof fetch;
  /** Whether a withdrawal must wait for identity verification (the kyc module's rule). */
  kycWait: KycWaitRule;
  /** Members' breaks and deposit limits, asked before a deposit order is taken. */
  protection: Pick<ProtectionService, 'assertDeposit'>;
}

/**
 * Deposits (bank transfer with receipts, gateways and their notifications, the operator's review),
 * withdrawals and the payout accounts they pay to, and the job that settles unanswered payouts.
 */
export function createCashierModule(deps: CashierDeps): ServerModule<{
  deposits: DepositService;
  withdrawals: WithdrawalService;
  payoutAccounts: PayoutAccountService;
  cashierSettings: CashierSettingsService;
  approvals: ApprovalService;
  providerPayouts: ProviderPayoutService;
}> {
  const { ledger, inbox, images, profile } = deps;
  const demoGateway = deps.config.DEMO_GATEWAY;
  const depositRepo = new DepositRepository(deps.db);
  const deposits = new DepositService(
    depositRepo,
    ledger,
    inbox,
    images,
    [
      ...(demoGateway ? [demoPaymentAdapter({ gatewaySecret: (m) => depositRepo.gatewaySecret(m) })] : []),
      xenditPaymentAdapter(deps.configs),
    ],
    deps.log,
    (brand, memberId, amount, trx) => deps.protection.assertDeposit(brand, memberId, amount, trx),
    deps.notices,
  );
  const payoutAccounts = new PayoutAccountService(new PayoutAccountRepository(deps.db), ledger, profile);
  const cashierSettings = new CashierSettingsService(deps.db);
  const channelAdmin = new PaymentChannelAdminService(new PaymentChannelAdminRepository(deps.db), () =>
    deposits.gateways(),
  );
  const withdrawalRepo = new WithdrawalRepository(deps.db);
  const withdrawals = new WithdrawalService(
    withdrawalRepo,
    payoutAccounts,
    ledger,
    deps.turnover,
    inbox,
    images,
    profile,
    (brand, memberId) => deps.wallet.recallToMain(brand, memberId),
    cashierSettings,
    deps.countLinked,
    null,
    deps.kycWait,
    deps.notices,
  );
  const providerPayouts = new ProviderPayoutService(
    new ProviderPayoutRepository(deps.db),
    withdrawalRepo,
    ledger,
    inbox,
    deps.configs,
    [new XenditPayouts(deps.configs, deps.fetch)],
    (...args) => withdrawals.payInTx(...args),
    deps.log,
    (merchant, memberId) => withdrawals.changed(merchant, memberId),
  );
  withdrawals.usePayouts(providerPayouts);
  const approvals = new ApprovalService(
    deps.db,
    deps.wallet,
    (brand, id, by, reason) => withdrawals.payApproved(brand, id, by, reason),
    deps.notices,
  );
  const idempotency = new IdempotencyStore(deps.db);
  return {
    services: { deposits, withdrawals, payoutAccounts, cashierSettings, approvals, providerPayouts },
    routes: async (app: FastifyInstance) => {
      await app.register(depositRoutes, { deposits, images, demoGateway, idempotency });
      await app.register(withdrawalRoutes, { withdrawals, payoutAccounts, idempotency });
      await app.register(cashierSettingsRoutes, { settings: cashierSettings });
      await app.register(paymentChannelAdminRoutes, { channels: channelAdmin });
      await app.register(approvalRoutes, { approvals, idempotency });
      await app.register(providerPayoutRoutes, { payouts: providerPayouts });
    },
    jobs: [
      withdrawalAutoConfirmJob(withdrawals),
      idempotencyPruneJob(idempotency),
      providerPayoutReconcileJob(providerPayouts),
      depositReconcileJob(deposits),
    ],
  };
}
