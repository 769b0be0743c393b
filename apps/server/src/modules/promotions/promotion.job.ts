import type { IntervalJob } from '../../platform/module';
import type { PromotionDepositService } from './promotion-deposit.service';

/**
 * How often the catch-up pass looks for deposit bonuses a credit did not pay (the process died
 * between the deposit's commit and its listener). The listener pays at once in every other case.
 */
const PROMOTION_CATCH_UP_INTERVAL_MS = 60_000;

/** The deposit promotions' catch-up pass (idempotent; any instance may run it). */
export function promotionCatchUpJob(deposits: PromotionDepositService): IntervalJob {
  return {
    name: 'deposit promotion catch-up',
    everyMs: PROMOTION_CATCH_UP_INTERVAL_MS,
    run: () => deposits.runDue(),
  };
}
