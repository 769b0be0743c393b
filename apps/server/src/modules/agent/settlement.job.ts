import type { IntervalJob } from '../../platform/module';
import type { SettlementService } from './settlement.service';

/**
 * How often due contract periods are looked for. Real-time wages accrue per 5-minute slot
 * (SPEC section 9), so a slot is paid at most a minute after it ends; hourly, daily and dividend
 * periods are paid within a minute of ending. Each pass is idempotent (SettlementService says how).
 */
const CONTRACT_SETTLEMENT_INTERVAL_MS = 60_000;

/** Contract settlement: every due period of every brand, each paid once. */
export function contractSettlementJob(settlement: SettlementService): IntervalJob {
  return {
    name: 'contract settlement',
    everyMs: CONTRACT_SETTLEMENT_INTERVAL_MS,
    run: () => settlement.runDue(),
  };
}
