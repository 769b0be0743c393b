import type { IntervalJob } from '../../platform/module';
import type { RebateService } from './rebate.service';
import type { VipService } from './vip.service';

/**
 * How often the VIP pass and the rebate job run. A level is reached within a minute or so of the
 * bet or deposit that reaches it (at once when the member opens /vip); an ended day's rebate is
 * paid a few minutes after midnight in the brand's zone (REBATE_DAY_LAG_MS). Both passes are safe
 * on several instances at once (VipService and RebateService say how).
 */
const VIP_PASS_INTERVAL_MS = 60_000;
const REBATE_JOB_INTERVAL_MS = 60_000;

/** The VIP pass and the daily rebate job. */
export function vipAndRebateJobs(vip: VipService, rebates: RebateService): IntervalJob[] {
  return [
    { name: 'VIP pass', everyMs: VIP_PASS_INTERVAL_MS, run: () => vip.runDue() },
    { name: 'daily rebate', everyMs: REBATE_JOB_INTERVAL_MS, run: () => rebates.runDue() },
  ];
}
