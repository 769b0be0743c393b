import { setImmediate as tick } from 'node:timers/promises';
import type { ReportExport, ReportExportRequest } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/repository';
import { AppError } from '../../../platform/app-error';
import { writeAudit, type AuditActor } from '../../../platform/audit';
import type { ReportSource } from '../report-part';
import { brandCurrencies, reportRangeQuery, type BrandCurrency, type ReportScope } from '../report-scope';
import { CHUNK_BYTES, ChunkBuffer, csvWriter, xlsxWriter, type ReportWriter } from './export-writers';
import type { ExportRow, ExportsRepository } from './exports.repository';

/** Rows between two reports of progress (and lease renewals) when no chunk filled up. */
const PROGRESS_ROWS = 5_000;

/** A source that can also say, cheaply, how many rows it will write (the progress bar's end). */
export interface CountedReportSource extends ReportSource {
  count(scope: ReportScope, q: unknown): Promise<number>;
}
const counted = (s: ReportSource): s is CountedReportSource =>
  typeof (s as Partial<CountedReportSource>).count === 'function';

/** What a request for an export has been checked for, by the route (permissions, scope). */
export interface ExportOrder {
  merchant: string;
  scope: ReportScope;
  source: ReportSource;
  format: 'csv' | 'xlsx';
  query: Record<string, unknown>;
  who: AuditActor;
}

/** An export's file name: `<BRAND|ALL-currency>-<report>-<from>_<to>.<csv|xlsx>`. */
export function exportFileName(
  e: Pick<
    ExportRow,
    'merchant_code' | 'scope_all' | 'currency' | 'report' | 'format' | 'from_day' | 'to_day'
  >,
): string {
  const who = e.scope_all ? `ALL-${e.currency ?? ''}` : e.merchant_code;
  const report = e.report.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${who}-${report}-${e.from_day}_${e.to_day}.${e.format}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toExport(e: ExportRow): ReportExport {
  const expired = e.status === 'DONE' && e.expires_at !== null && e.expires_at.getTime() <= Date.now();
  return {
    id: String(e.id),
    report: e.report,
    format: e.format,
    scope: e.scope_all ? 'all' : 'brand',
    currency: e.currency,
    from: e.from_day,
    to: e.to_day,
    query: e.query,
    requestedBy: e.requested_by,
    status: expired ? 'EXPIRED' : e.status,
    rows: Number(e.rows_written),
    rowsTotal: e.rows_total === null ? null : Number(e.rows_total),
    bytes: Number(e.bytes),
    error: e.error,
    fileName: exportFileName(e),
    createdAt: e.created_at.toISOString(),
    finishedAt: iso(e.finished_at),
    expiresAt: iso(e.expires_at),
  };
}

/** The first problem zod found, as words for report.export.query. */
function problem(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  if (!first) return 'invalid query';
  const at = first.path.map(String).join('.');
  return at ? `${at}: ${first.message}` : first.message;
}

/** The export was taken over by another worker (its lease ran out): this one stops writing. */
class LostClaim extends Error {}

/**
 * Exports of report sources to CSV or XLSX files (README, "Exports"): asked for by a staff member
 * (audited with the job row), made by a background job that streams the source's rows into
 * chunks of at most 1 MB, downloaded chunk by chunk.
 */
export class ExportsService {
  private readonly sources = new Map<string, ReportSource>();

  constructor(
    private readonly db: Db,
    private readonly repo: ExportsRepository,
    private readonly log: FastifyBaseLogger,
    sources: ReportSource[],
  ) {
    for (const s of sources) this.register(s);
  }

  /** Makes a report exportable (the report parts' sources; a test's own). */
  register(source: ReportSource): void {
    this.sources.set(source.name, source);
  }

  /** The source of an export request, or report.export.unknown. */
  source(name: string): ReportSource {
    const s = this.sources.get(name);
    if (!s) throw new AppError('report.export.unknown', undefined, [name]);
    return s;
  }

  /** The range query and the source's own query of a request, checked (report.export.query). */
  parse(source: ReportSource, body: ReportExportRequest) {
    const range = reportRangeQuery.safeParse(body.query);
    if (!range.success) throw new AppError('report.export.query', undefined, [problem(range.error)]);
    const own = source.query.safeParse(body.query);
    if (!own.success) throw new AppError('report.export.query', undefined, [problem(own.error)]);
    return { range: range.data, own: own.data as unknown };
  }

  /** Every brand's code and currency (an all-brands export's scope). */
  allBrands(): Promise<BrandCurrency[]> {
    return brandCurrencies(this.db)();
  }

  /** Queues an export and writes its audit row in the same transaction. */
  async start(order: ExportOrder): Promise<ReportExport> {
    return this.db.transaction().execute(async (tx) => {
      const row = await this.repo.insert(tx, {
        merchant: order.merchant,
        all: order.scope.all,
        currency: order.scope.all ? order.scope.currency : null,
        report: order.source.name,
        format: order.format,
        query: order.query,
        from: order.scope.from,
        to: order.scope.to,
        requestedBy: order.who.actor,
      });
      await writeAudit(tx, order.who, {
        merchant: order.merchant,
        action: 'report.export',
        target: `report:${order.source.name}`,
        before: undefined,
        after: { export: row.id, format: order.format, query: order.query },
      });
      return toExport(row);
    });
  }

  async list(merchant: string, limit = 100): Promise<ReportExport[]> {
    return (await this.repo.list(merchant, limit)).map(toExport);
  }

  /** An export of the brand (report.export.not.found for another brand's). */
  async get(merchant: string, id: string): Promise<ExportRow> {
    const row = /^\d{1,18}$/.test(id) ? await this.repo.byId(id) : undefined;
    if (!row || row.merchant_code !== merchant) throw new AppError('report.export.not.found');
    return row;
  }

  /** A finished export's file, chunk by chunk (one held at a time). */
  async *file(row: ExportRow): AsyncGenerator<Buffer> {
    if (row.status !== 'DONE') throw new AppError('report.export.not.ready');
    if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw new AppError('report.export.expired');
    for (let seq = 0; seq < row.chunks; seq++) {
      const data = await this.repo.chunk(row.id, seq);
      if (!data) throw new AppError('report.export.expired');
      yield data;
    }
  }

  /** The job: makes every queued export (and any whose worker stopped); answers how many it finished. */
  async runQueued(): Promise<number> {
    await this.repo.failAbandoned();
    let done = 0;
    for (;;) {
      const job = await this.repo.claim();
      if (!job) return done;
      if (await this.make(job)) done++;
    }
  }

  /** Deletes the files past their keeping time; answers how many chunks went. */
  cleanup(): Promise<number> {
    return this.repo.dropExpired();
  }

  /** Writes one claimed export's file from the start; false if it failed or was taken over. */
  private async make(job: ExportRow): Promise<boolean> {
    const { id, attempt } = job;
    try {
      await this.repo.dropChunks(id);
      const source = this.sources.get(job.report);
      if (!source) throw new Error(`The report ${job.report} is no longer available.`);
      const own = source.query.parse(job.query) as unknown;
      const brand = await this.repo.brandOf(job.merchant_code);
      const scope: ReportScope = {
        merchants: job.scope_all
          ? (await this.allBrands()).filter((b) => b.currency === job.currency).map((b) => b.code)
          : [job.merchant_code],
        all: job.scope_all,
        currency: job.currency ?? brand.currency,
        from: job.from_day,
        to: job.to_day,
      };
      if (counted(source)) await this.repo.setTotal(id, attempt, await source.count(scope, own));
      // Date-times on the brand's wall clock; every brand's in one file: UTC.
      const zone = job.scope_all ? 'UTC' : brand.timezone;
      const buffer = new ChunkBuffer();
      const columns = source.columns(own);
      const writer: ReportWriter =
        job.format === 'csv'
          ? csvWriter(columns, buffer, zone)
          : xlsxWriter(columns, buffer, zone, source.name);
      let rows = 0;
      const store = async (chunk: Buffer | null) => {
        if (!(await this.repo.progress(id, attempt, rows, chunk))) throw new LostClaim();
      };
      for await (const cells of source.rows(scope, own)) {
        const behind = writer.row(cells);
        if (behind) await behind;
        rows++;
        if (buffer.length >= CHUNK_BYTES) for (const c of buffer.takeFull()) await store(c);
        else if (rows % PROGRESS_ROWS === 0) {
          await store(null);
          // Lets the rest of the server in between rows read from memory.
          await tick();
        }
      }
      await writer.end();
      for (const c of buffer.takeFull()) await store(c);
      const rest = buffer.takeRest();
      if (rest.length) await store(rest);
      if (!(await this.repo.finish(id, attempt, rows))) throw new LostClaim();
      return true;
    } catch (e) {
      if (e instanceof LostClaim) {
        this.log.warn({ export: id, attempt }, 'report export taken over by another worker');
        return false;
      }
      this.log.error({ err: e, export: id }, 'report export failed');
      const reason = e instanceof AppError ? e.code : e instanceof Error ? e.message : String(e);
      await this.repo.fail(id, attempt, reason);
      return false;
    }
  }
}
