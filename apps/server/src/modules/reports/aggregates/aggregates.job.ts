import type { IntervalJob } from '../../../platform/module';
import type { AggregatesService } from './aggregates.service';

/**
 * How often the aggregates catch up with the ledger: reports lag settlement by at most this plus
 * one fold (the budget is 5 s under load).
 */
export const FOLD_INTERVAL_MS = 2_000;

/** Folds new ledger entries into the reports' aggregates; safe with several instances. */
export function aggregatesJob(aggregates: AggregatesService): IntervalJob {
  return { name: 'report aggregates', everyMs: FOLD_INTERVAL_MS, run: () => aggregates.rollUp() };
}
