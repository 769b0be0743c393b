import { sql } from 'kysely';
import type { Db } from '../../../db/repository';

/** How long a claim holds an export without news from its worker (each chunk renews it). */
export const EXPORT_LEASE_SECONDS = 60;
/** Claims an export gets before it is failed (a file that crashes every worker must stop). */
export const EXPORT_MAX_ATTEMPTS = 3;
/** How long a finished file can be downloaded. */
export const EXPORT_KEEP_DAYS = 7;

const LEASE = sql.raw(`interval '${EXPORT_LEASE_SECONDS} seconds'`);

export interface NewExport {
  merchant: string;
  all: boolean;
  report: string;
  format: 'csv' | 'xlsx';
  query: Record<string, unknown>;
  from: string;
  to: string;
  requestedBy: string;
  /** An all-brands export: the currency of its brands. */
  currency: string | null;
}

const COLUMNS = [
  'id',
  'merchant_code',
  'scope_all',
  'currency',
  'report',
  'format',
  'query',
  sql<string>`from_day::text`.as('from_day'),
  sql<string>`to_day::text`.as('to_day'),
  'requested_by',
  'status',
  'rows_written',
  'rows_total',
  'bytes',
  'chunks',
  'error',
  'attempt',
  'created_at',
  'started_at',
  'finished_at',
  'expires_at',
] as const;

/** The export jobs and their files' chunks (SQL only). */
export class ExportsRepository {
  constructor(private readonly db: Db) {}

  insert(db: Db, e: NewExport) {
    return db
      .insertInto('report_export')
      .values({
        merchant_code: e.merchant,
        scope_all: e.all,
        currency: e.currency,
        report: e.report,
        format: e.format,
        query: JSON.stringify(e.query),
        from_day: e.from,
        to_day: e.to,
        requested_by: e.requestedBy,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  list(merchant: string, limit: number) {
    return this.db
      .selectFrom('report_export')
      .select(COLUMNS)
      .where('merchant_code', '=', merchant)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  byId(id: string) {
    return this.db.selectFrom('report_export').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** Fails the exports whose last allowed claim ran out (their worker died every time). */
  async failAbandoned(): Promise<void> {
    await this.db
      .updateTable('report_export')
      .set({
        status: 'FAILED',
        error: `The export stopped ${EXPORT_MAX_ATTEMPTS} times without finishing.`,
        finished_at: sql<Date>`now()`,
        lease_until: null,
      })
      .where('status', '=', 'RUNNING')
      .where('lease_until', '<', sql<Date>`now()`)
      .where('attempt', '>=', EXPORT_MAX_ATTEMPTS)
      .execute();
  }

  /**
   * Takes the oldest queued export, or a running one whose lease ran out (its worker stopped),
   * for this worker: the next attempt, from the start. SKIP LOCKED: instances take different ones.
   */
  claim() {
    const pick = this.db
      .selectFrom('report_export')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'QUEUED'),
          eb.and([eb('status', '=', 'RUNNING'), eb('lease_until', '<', sql<Date>`now()`)]),
        ]),
      )
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked();
    return this.db
      .updateTable('report_export')
      .set({
        status: 'RUNNING',
        attempt: sql<number>`attempt + 1`,
        lease_until: sql<Date>`now() + ${LEASE}`,
        started_at: sql<Date>`now()`,
        rows_written: '0',
        bytes: '0',
        chunks: 0,
      })
      .where('id', '=', pick)
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  /** Drops what an earlier attempt stored (the new attempt starts the file again). */
  async dropChunks(id: string): Promise<void> {
    await this.db.deleteFrom('report_export_chunk').where('export_id', '=', id).execute();
  }

  async setTotal(id: string, attempt: number, total: number): Promise<void> {
    await this.db
      .updateTable('report_export')
      .set({ rows_total: String(total) })
      .where('id', '=', id)
      .where('attempt', '=', attempt)
      .execute();
  }

  /**
   * Stores the next chunk (if any), the rows written so far, and renews the lease, in one
   * statement that does nothing unless this attempt still holds the export: false then.
   */
  async progress(id: string, attempt: number, rows: number, chunk: Buffer | null): Promise<boolean> {
    if (!chunk) {
      const r = await this.db
        .updateTable('report_export')
        .set({ rows_written: String(rows), lease_until: sql<Date>`now() + ${LEASE}` })
        .where('id', '=', id)
        .where('attempt', '=', attempt)
        .where('status', '=', 'RUNNING')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    }
    const r = await sql<{ seq: number }>`
      WITH job AS (
        UPDATE report_export
           SET rows_written = ${String(rows)}, bytes = bytes + ${chunk.length}, chunks = chunks + 1,
               lease_until = now() + ${LEASE}
         WHERE id = ${id} AND attempt = ${attempt} AND status = 'RUNNING'
        RETURNING id, chunks - 1 AS seq
      )
      INSERT INTO report_export_chunk (export_id, seq, data)
      SELECT id, seq, ${chunk} FROM job
      RETURNING seq`.execute(this.db);
    return r.rows.length > 0;
  }

  async finish(id: string, attempt: number, rows: number): Promise<boolean> {
    const r = await this.db
      .updateTable('report_export')
      .set({
        status: 'DONE',
        rows_written: String(rows),
        rows_total: String(rows),
        finished_at: sql<Date>`now()`,
        expires_at: sql<Date>`now() + ${sql.raw(`interval '${EXPORT_KEEP_DAYS} days'`)}`,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('attempt', '=', attempt)
      .where('status', '=', 'RUNNING')
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  async fail(id: string, attempt: number, reason: string): Promise<boolean> {
    const r = await this.db
      .updateTable('report_export')
      .set({
        status: 'FAILED',
        error: reason.slice(0, 500),
        finished_at: sql<Date>`now()`,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('attempt', '=', attempt)
      .where('status', '=', 'RUNNING')
      .executeTakeFirst();
    if (r.numUpdatedRows > 0n) await this.dropChunks(id);
    return r.numUpdatedRows > 0n;
  }

  /** The file's chunks one at a time, in order (a download holds one chunk). */
  async chunk(id: string, seq: number): Promise<Buffer | undefined> {
    const r = await this.db
      .selectFrom('report_export_chunk')
      .select('data')
      .where('export_id', '=', id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return r?.data;
  }

  /** Deletes the files past their keeping time (the export rows stay as the record). */
  async dropExpired(): Promise<number> {
    const r = await this.db
      .deleteFrom('report_export_chunk')
      .where(
        'export_id',
        'in',
        this.db
          .selectFrom('report_export')
          .select('id')
          .where('status', '=', 'DONE')
          .where('expires_at', '<', sql<Date>`now()`),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** The brand an export was asked on: its zone (its file's date-times) and its currency. */
  brandOf(merchant: string): Promise<{ timezone: string; currency: string }> {
    return this.db
      .selectFrom('merchant')
      .select(['timezone', 'currency'])
      .where('code', '=', merchant)
      .executeTakeFirstOrThrow();
  }
}

export type ExportRow = NonNullable<Awaited<ReturnType<ExportsRepository['byId']>>>;
