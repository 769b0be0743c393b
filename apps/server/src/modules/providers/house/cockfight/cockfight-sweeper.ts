import type { IntervalJob } from '../../../../platform/module';
import type { HouseCockfightService } from './cockfight.service';

/** How often fights are decided and settled: a result is settled at most this late after it is due. */
const COCKFIGHT_SWEEP_MS = 1_000;

/** Decides and settles the arena's fights (every instance may run it: see HouseCockfightService.sweep). */
export function cockfightSweepJob(cockfight: HouseCockfightService): IntervalJob {
  return { name: 'cockfight sweep', everyMs: COCKFIGHT_SWEEP_MS, run: () => cockfight.sweep() };
}
