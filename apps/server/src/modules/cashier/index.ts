export { createCashierModule } from './cashier.module';
export type { DepositService } from './deposit.service';
export { XENDIT_PAYOUTS_DEFINITION } from './xendit-payouts.definition';
export type { ProviderPayoutService } from './xendit-payouts.service';
