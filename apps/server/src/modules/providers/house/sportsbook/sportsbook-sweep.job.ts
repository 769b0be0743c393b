import type { IntervalJob } from '../../../../platform/module';
import type { HouseSportsbookService } from './sportsbook.service';

/**
 * The sportsbook's settlement sweep: every 5 s with real minutes, more often with a shortened test
 * minute (never more than once a second). Any number of processes may sweep at once (see sweep()).
 */
export function sportsbookSweepJob(sportsbook: HouseSportsbookService): IntervalJob {
  const every = Math.min(5_000, Math.max(1_000, sportsbook.clock.minuteMs * 10));
  return { name: 'sportsbook sweep', everyMs: every, run: () => sportsbook.sweep() };
}
