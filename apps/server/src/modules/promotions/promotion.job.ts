import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../jobs/interval-job';
import type { PromotionDepositService } from './promotion-deposit.service';

/**
 * How often the catch-up pass looks for deposit bonuses a credit did not pay (the process died
 * between the deposit's commit and its listener). The listener pays at once in every other case.
 */
export const PROMOTION_CATCH_UP_INTERVAL_MS = 60_000;

/** Runs the deposit promotions' catch-up pass for the life of the app (idempotent; any instance may run it). */
export function startPromotionCatchUp(app: FastifyInstance, deposits: PromotionDepositService): void {
  startIntervalJob(app, {
    name: 'deposit promotion catch-up',
    everyMs: PROMOTION_CATCH_UP_INTERVAL_MS,
    run: () => deposits.runDue(),
  });
}
