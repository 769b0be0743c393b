/** What a batch answers for one item: its value, or its own failure. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface GroupCommitOptions<I> {
  /** Most items in one batch. */
  maxBatch: number;
  /** Most batches running at once (each takes one database connection while it runs). */
  maxInFlight: number;
  /**
   * Fewest items a batch started beside running ones may hold (default 1). Every batch pays a
   * commit and the statement's fixed work whatever its size; a small one beside a running batch
   * costs more than waiting for that batch and joining the next, where the database shares its
   * cores. The first batch never waits for it: a lone caller still goes at once.
   */
  minOverlap?: number;
  /**
   * Items with the same key never share a batch nor run in two at once: a later one waits for a
   * later batch (a batch statement may need its keys distinct, as bet_place_batch() needs its
   * references).
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
  /** Keys of the items in running batches: another item with one of them waits for that batch. */
  private readonly running = new Set<string>();
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
    const least = this.options.minOverlap ?? 1;
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      if (this.inFlight > 0 && this.queue.length < least) return;
      // What is waiting, shared evenly by the free slots it can fill: batches run side by side
      // (one executes while another waits for its commit) instead of one large batch and idle
      // slots, but none beside another with fewer than `minOverlap` items.
      const free = this.options.maxInFlight - this.inFlight;
      const slots = Math.max(1, Math.min(free, Math.floor(this.queue.length / least)));
      const { batch, keys } = this.take(
        Math.min(this.options.maxBatch, Math.ceil(this.queue.length / slots)),
      );
      // Everything waiting has its key in a running batch: its end drains again.
      if (batch.length === 0) return;
      this.inFlight++;
      void this.execute(batch).finally(() => {
        for (const k of keys) this.running.delete(k);
        this.inFlight--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  /**
   * The oldest items, up to `size`, skipping (and keeping in order) an item whose key is taken
   * already, by this batch or a running one: two items of one key never run at the same time, so
   * each sees what the one before it did.
   */
  private take(size: number): { batch: Waiting<I, O>[]; keys: string[] } {
    const batch: Waiting<I, O>[] = [];
    const keys: string[] = [];
    let kept = 0;
    for (const w of this.queue) {
      const k = this.options.key(w.item);
      if (batch.length < size && !this.running.has(k)) {
        this.running.add(k);
        keys.push(k);
        batch.push(w);
      } else {
        this.queue[kept++] = w;
      }
    }
    this.queue.length = kept;
    return { batch, keys };
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
