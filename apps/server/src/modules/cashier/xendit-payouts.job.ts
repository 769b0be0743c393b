import type { IntervalJob } from '../../platform/module';
import type { ProviderPayoutService } from './xendit-payouts.service';

/** How often payouts still in flight at a provider are asked about. */
const RECONCILE_INTERVAL_MS = 60_000;

/**
 * Settles provider payouts whose notification never came (or whose create timed out): a status
 * query by our reference, and a re-send with the same idempotency key when the provider never got
 * it. Safe on several instances at once: each answer is applied under the withdrawal's row lock
 * and every movement has its own ledger reference.
 */
export function providerPayoutReconcileJob(payouts: ProviderPayoutService): IntervalJob {
  return {
    name: 'provider payout reconcile',
    everyMs: RECONCILE_INTERVAL_MS,
    run: () => payouts.reconcile(),
  };
}
