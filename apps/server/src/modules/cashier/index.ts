export { createCashierModule } from './cashier.module';
export type { DepositService } from './deposit.service';
export { XENDIT_DEFINITION } from './xendit.definition';
export type { ProviderPayoutService } from './xendit-payouts.service';
