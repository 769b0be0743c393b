import type { ReportStatus } from '@app/contracts';
import type { AggregatesRepository } from './aggregates.repository';

/** Entries folded per transaction: large enough to amortise, small enough to hold locks briefly. */
export const FOLD_BATCH = 20_000;

/** Entries beyond the watermark the status counts at most (beyond it, "at least this many"). */
export const PENDING_CAP = 100_000;

/** Keeps the reports' aggregates up with the ledger (README: "Aggregates"). */
export class AggregatesService {
  constructor(private readonly repo: AggregatesRepository) {}

  /** Folds every ledger entry committed since the last fold; answers how many. */
  async rollUp(batch = FOLD_BATCH): Promise<number> {
    if (!Number.isSafeInteger(batch) || batch < 1)
      throw new RangeError(`fold batch ${batch}: not a positive integer`);
    let total = 0;
    for (;;) {
      const n = await this.repo.foldBatch(batch);
      total += n;
      if (n < batch) return total;
    }
  }

  /**
   * Empties the aggregates and folds the whole ledger again, with the brands' current time zones
   * (one transaction: the job waits, readers keep the old figures until it commits). Rebuilding
   * twice gives the same rows. Answers the entries folded.
   */
  rebuild(opts: { batch?: number; progress?: (entries: number) => void } = {}): Promise<number> {
    const batch = opts.batch ?? FOLD_BATCH;
    if (!Number.isSafeInteger(batch) || batch < 1)
      throw new RangeError(`fold batch ${batch}: not a positive integer`);
    return this.repo.rebuild(batch, opts.progress);
  }

  /** How fresh the aggregates are: what the report screens show as "figures as of". */
  async status(): Promise<ReportStatus> {
    const s = await this.repo.state(PENDING_CAP);
    return {
      movedAt: s.movedAt?.toISOString() ?? null,
      asOf: s.newestFoldedAt?.toISOString() ?? null,
      entriesFolded: s.entriesFolded,
      pendingEntries: Math.min(s.pending, PENDING_CAP),
      pendingCapped: s.pending >= PENDING_CAP,
      serverTime: s.now.toISOString(),
    };
  }
}
