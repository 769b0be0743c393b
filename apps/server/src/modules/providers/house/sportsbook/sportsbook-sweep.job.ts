import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../../../jobs/interval-job';
import type { HouseSportsbookService } from './sportsbook.service';

/**
 * Runs the sportsbook's settlement sweep for the life of the app: every 5 s with real minutes, more
 * often with a shortened test minute (never more than 4 times a second). One pass at a time;
 * unref'd and stopped on close after its pass in flight. Any number of processes may sweep at once (see sweep()).
 */
export function startSportsbookSweeper(app: FastifyInstance, sportsbook: HouseSportsbookService): void {
  const every = Math.min(5_000, Math.max(1_000, sportsbook.clock.minuteMs * 10));
  startIntervalJob(app, { name: 'sportsbook sweep', everyMs: every, run: () => sportsbook.sweep() });
}
