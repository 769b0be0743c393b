import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/repository';
import type { JobStats } from '../platform/metrics';
import type { IntervalJob } from '../platform/module';

interface Running {
  job: IntervalJob;
  timer: NodeJS.Timeout;
  pass: Promise<unknown> | null;
  /** Until when (this instance's clock, with a margin) the lease is ours without asking again. */
  heldUntil: number;
  /** When this instance last wrote the job's record (lease row), and whether it then failed. */
  recordedAt: number;
  recordedError: boolean;
  recordedRuns: number;
  stats: JobStats;
}

/** A job's record in the lease table is brought up to date at most this often (and on every failure or recovery). */
const RECORD_EVERY_MS = 10_000;

export interface JobRunnerOptions {
  /** How long a lease lasts unless renewed; a crashed holder's jobs move on after at most this long. */
  leaseMs: number;
  log: FastifyBaseLogger;
}

/**
 * Runs the modules' jobs so that each runs on one instance at a time: every tick, an instance runs
 * a job's pass only while it holds the job's lease (job_lease, migration 0068), taken when the
 * lease is free or has expired and renewed while a pass runs. The instance that holds a lease
 * keeps it, so a job stays where it is warm; when that instance dies the lease expires and another
 * takes the job over (its passes resume whatever the dead pass left half done), and on a clean
 * shutdown the leases are handed back at once. On one instance this is a timer and one query per
 * renewal.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Running>();
  private closed = false;

  constructor(
    private readonly db: Db,
    /** This instance's name in the lease table (host, process, a random part). */
    readonly instance: string,
    private readonly options: JobRunnerOptions,
  ) {}

  start(job: IntervalJob): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} started twice`);
    const running: Running = {
      job,
      pass: null,
      heldUntil: 0,
      recordedAt: 0,
      recordedError: false,
      recordedRuns: 0,
      timer: setInterval(() => this.tick(running), job.everyMs),
      stats: {
        name: job.name,
        everyMs: job.everyMs,
        held: false,
        runs: 0,
        failures: 0,
        lastDurationMs: null,
        lastFinishedAt: null,
      },
    };
    running.timer.unref();
    this.jobs.set(job.name, running);
  }

  stats(): JobStats[] {
    return [...this.jobs.values()].map((r) => ({ ...r.stats }));
  }

  private tick(running: Running): void {
    if (running.pass || this.closed) return;
    running.pass = (async () => {
      if (await this.hold(running)) await this.pass(running);
    })()
      .catch((err: unknown) => this.options.log.warn({ err, job: running.job.name }, 'job lease failed'))
      .finally(() => {
        running.pass = null;
      });
  }

  /** Whether this instance holds the job's lease for a while yet, taking or renewing it if need be. */
  private async hold(running: Running): Promise<boolean> {
    if (Date.now() < running.heldUntil) return true;
    const asked = Date.now();
    const taken = await this.take(running.job.name);
    running.stats.held = taken;
    // Renewed when a third of the lease is left: a slow query or a long pause cannot outlive it.
    running.heldUntil = taken ? asked + (this.options.leaseMs * 2) / 3 : 0;
    return taken;
  }

  private async take(name: string): Promise<boolean> {
    const row = await sql<{ name: string }>`
      INSERT INTO job_lease (name, holder, expires_at)
      VALUES (${name}, ${this.instance}, now() + ${this.options.leaseMs} * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE job_lease.holder = excluded.holder OR job_lease.expires_at < now()
      RETURNING name`.execute(this.db);
    return row.rows.length === 1;
  }

  private async pass(running: Running): Promise<void> {
    const { job, stats } = running;
    const started = Date.now();
    // A pass longer than the lease keeps it: renewed while it runs.
    const renew = setInterval(
      () => void this.hold(running).catch(() => {}),
      Math.max(250, this.options.leaseMs / 3),
    );
    renew.unref();
    let error: string | null = null;
    try {
      await job.run();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      stats.failures++;
      this.options.log.warn({ err, job: job.name }, `${job.name} failed`);
    } finally {
      clearInterval(renew);
    }
    stats.runs++;
    stats.lastDurationMs = Date.now() - started;
    stats.lastFinishedAt = Date.now();
    const failed = error !== null;
    if (!failed && !running.recordedError && Date.now() - running.recordedAt < RECORD_EVERY_MS) return;
    const passes = stats.runs - running.recordedRuns;
    running.recordedAt = Date.now();
    running.recordedError = failed;
    running.recordedRuns = stats.runs;
    await this.db
      .updateTable('job_lease')
      .set({
        last_started_at: new Date(started),
        last_finished_at: new Date(),
        last_error: error,
        runs: sql`runs + ${passes}`,
        failures: failed ? sql`failures + 1` : sql`failures`,
      })
      .where('name', '=', job.name)
      .where('holder', '=', this.instance)
      .execute()
      .catch(() => {});
  }

  /** Stops every timer, waits for the passes in flight, and hands this instance's leases back. */
  async close(): Promise<void> {
    this.closed = true;
    for (const r of this.jobs.values()) clearInterval(r.timer);
    await Promise.all([...this.jobs.values()].map((r) => r.pass));
    const held = [...this.jobs.values()].filter((r) => r.heldUntil > 0).map((r) => r.job.name);
    if (held.length > 0)
      await this.db
        .updateTable('job_lease')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('holder', '=', this.instance)
        .where('name', 'in', held)
        .execute()
        .catch(() => {});
  }
}
