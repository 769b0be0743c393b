export { createCashierModule } from './cashier.module';
export type { DepositService } from './deposit.service';
