import type { AggregatesRepository } from './aggregates.repository';

/** Entries folded per transaction: large enough to amortise, small enough to hold locks briefly. */
export const FOLD_BATCH = 20_000;

/** Keeps the reports' aggregates up with the ledger (README: "Aggregates"). */
export class AggregatesService {
  constructor(private readonly repo: AggregatesRepository) {}

  /** Folds every ledger entry committed since the last fold; answers how many. */
  async rollUp(batch = FOLD_BATCH): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.repo.foldBatch(batch);
      total += n;
      if (n < batch) return total;
    }
  }
}
