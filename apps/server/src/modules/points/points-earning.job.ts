import type { IntervalJob } from '../../platform/module';
import type { PointsEarningService } from './points-earning.service';

/**
 * How often points are credited: the day so far every 5 minutes, so a member sees the points of
 * today's play within minutes; the ended day is computed once more after midnight and closed.
 * Every pass is idempotent (PointsEarningService says how).
 */
const POINTS_EARNING_INTERVAL_MS = 5 * 60_000;

/** The points earning pass. */
export function pointsEarningJob(earning: PointsEarningService): IntervalJob {
  return { name: 'points earning', everyMs: POINTS_EARNING_INTERVAL_MS, run: () => earning.runDue() };
}
