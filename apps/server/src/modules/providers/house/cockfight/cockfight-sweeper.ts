import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../../../jobs/interval-job';
import type { HouseCockfightService } from './cockfight.service';

/** How often fights are decided and settled: a result is settled at most this late after it is due. */
export const COCKFIGHT_SWEEP_MS = 1_000;

/**
 * Decides and settles the arena's fights for the life of the app (every instance may run it: see
 * HouseCockfightService.sweep). Unref'd, one run at a time, and stopped on close after the run in
 * flight has finished (it must not outlive the database).
 */
export function startCockfightSweeper(app: FastifyInstance, cockfight: HouseCockfightService): void {
  startIntervalJob(app, {
    name: 'cockfight sweep',
    everyMs: COCKFIGHT_SWEEP_MS,
    run: () => cockfight.sweep(),
  });
}
