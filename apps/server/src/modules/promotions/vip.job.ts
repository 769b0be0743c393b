import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../jobs/interval-job';
import type { RebateService } from './rebate.service';
import type { VipService } from './vip.service';

/**
 * How often the VIP pass and the rebate job run. A level is reached within a minute or so of the
 * bet or deposit that reaches it (at once when the member opens /vip); an ended day's rebate is
 * paid a few minutes after midnight in the brand's zone (REBATE_DAY_LAG_MS). Both passes are safe
 * on several instances at once (VipService and RebateService say how).
 */
export const VIP_PASS_INTERVAL_MS = 60_000;
export const REBATE_JOB_INTERVAL_MS = 60_000;

/** Runs the VIP pass and the daily rebate job for the life of the app: unref'd, stopped on close. */
export function startVipAndRebateJobs(app: FastifyInstance, vip: VipService, rebates: RebateService): void {
  startIntervalJob(app, { name: 'VIP pass', everyMs: VIP_PASS_INTERVAL_MS, run: () => vip.runDue() });
  startIntervalJob(app, {
    name: 'daily rebate',
    everyMs: REBATE_JOB_INTERVAL_MS,
    run: () => rebates.runDue(),
  });
}
