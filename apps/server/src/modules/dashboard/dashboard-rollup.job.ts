import type { IntervalJob } from '../../platform/module';
import type { DashboardService } from './dashboard.service';

/**
 * How often the roll-ups catch up with the ledger: the dashboard's figures lag the ledger by at
 * most this (plus any transaction still open), and the page refreshes every 60 s.
 */
export const ROLLUP_INTERVAL_MS = 15_000;

/** Folds new ledger entries into the dashboard's roll-ups; safe with several instances. */
export function dashboardRollupJob(dashboard: DashboardService): IntervalJob {
  return { name: 'dashboard roll-up', everyMs: ROLLUP_INTERVAL_MS, run: () => dashboard.rollUp() };
}
