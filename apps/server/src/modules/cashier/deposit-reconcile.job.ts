import type { IntervalJob } from '../../platform/module';
import type { DepositService } from './deposit.service';

/** How often open provider orders are looked at (each is asked about once it is a few minutes old). */
const RECONCILE_INTERVAL_MS = 60_000;

/**
 * Open ONLINE deposits whose provider never notified us are asked about by status query and
 * settled through the notification's own path (DepositService.reconcile): a webhook that arrives
 * afterwards credits nothing more. Safe on several instances at once (the settle is one
 * conditional UPDATE per order and the credit's ledger reference is the order number).
 */
export function depositReconcileJob(deposits: Pick<DepositService, 'reconcile'>): IntervalJob {
  return {
    name: 'deposit reconciliation',
    everyMs: RECONCILE_INTERVAL_MS,
    run: () => deposits.reconcile(),
  };
}
