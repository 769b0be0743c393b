/** What a batch answers for one item: its value, or its own failure. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface GroupCommitOptions<I> {
  /** Most items in one batch. */
  maxBatch: number;
  /** Most batches running at once (each takes one database connection while it runs). */
  maxInFlight: number;
  /**
   * Items with the same key never share a batch: a later one waits for a later batch (a batch
   * statement may need its keys distinct, as bet_place_batch() needs its references).
   */
  key: (item: I) => string;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Application-level group commit. Concurrent callers submit items; whatever has queued while the
 * previous batches run is handed to `run` as one batch (no timer: a lone caller goes at once),
 * and each caller's promise settles with its own item's answer when `run` returns, that is after
 * the batch's transaction has committed. `run` answers every item in order; if it throws, every
 * item of the batch gets that error.
 */
export class GroupCommit<I, O> {
  private readonly queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<Settled<O>[]>,
    private readonly options: GroupCommitOptions<I>,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Drains on the next turn of the event loop, not now: callers answered by the batch that just
   * finished (and any others woken in the same turn) submit their next items first and share a batch.
   */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      // What is waiting, shared evenly by the free slots: batches run side by side (one executes
      // while another waits for its commit) instead of one large batch and idle slots.
      const free = this.options.maxInFlight - this.inFlight;
      const batch = this.take(Math.min(this.options.maxBatch, Math.ceil(this.queue.length / free)));
      this.inFlight++;
      void this.execute(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  /** The oldest items, up to `size`, skipping (and keeping in order) a key already taken. */
  private take(size: number): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    let kept = 0;
    for (const w of this.queue) {
      const k = this.options.key(w.item);
      if (batch.length < size && !keys.has(k)) {
        keys.add(k);
        batch.push(w);
      } else {
        this.queue[kept++] = w;
      }
    }
    this.queue.length = kept;
    return batch;
  }

  private async execute(batch: Waiting<I, O>[]): Promise<void> {
    let answers: Settled<O>[];
    try {
      answers = await this.run(batch.map((w) => w.item));
      if (answers.length !== batch.length)
        throw new Error(`group commit: ${answers.length} answers for ${batch.length} items`);
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const a = answers[i]!;
      if (a.ok) w.resolve(a.value);
      else w.reject(a.error);
    });
  }
}
