import { createHash } from 'node:crypto';
import {
  fromMinor,
  type ReconciliationIssue,
  type ReconciliationLine,
  type ReconciliationLinePage,
  type ReconciliationRun,
  type ReconciliationUpload,
} from '@app/contracts';
import { sql, type Selectable } from 'kysely';
import { AppError } from '../../../platform/app-error';
import { writeAudit, type AuditActor } from '../../../platform/audit';
import { Repository } from '../../../db/repository';
import type { Database } from '../../../db/schema';
import { REPORT_MAX_DAYS } from '../report-scope';
import { parseDay } from '../../../platform/periods';
import type { CashierReportsRepository } from './cashier-reports.repository';
import { fileRefs, matchSettlement, parseSettlementFile, type MatchedLine } from './settlement-file';

type RunRow = Omit<Selectable<Database['reconciliation_run']>, 'period_from' | 'period_to'> & {
  period_from: string;
  period_to: string;
};
type LineRow = Selectable<Database['reconciliation_line']>;

const INSERT_BATCH = 1000;

const money = (v: string | null) => (v === null ? null : fromMinor(v));

function runOf(r: RunRow): ReconciliationRun {
  return {
    id: r.id,
    provider: r.provider,
    from: r.period_from,
    to: r.period_to,
    fileName: r.file_name,
    fileLines: r.file_lines,
    matched: r.matched,
    mismatched: r.mismatched,
    kinds: r.kinds,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
  };
}

export function lineOf(r: LineRow): ReconciliationLine {
  return {
    seq: r.seq,
    fileLine: r.file_line,
    issues: r.issues as ReconciliationIssue[],
    direction: r.direction,
    orderNo: r.order_no,
    providerRef: r.provider_ref,
    fileAmount: money(r.file_amount),
    ourAmount: money(r.our_amount),
    fileFee: money(r.file_fee),
    ourFee: money(r.our_fee),
    fileStatus: r.file_status,
    ourStatus: r.our_status,
    fileTime: r.file_time?.toISOString() ?? null,
  };
}

/** Runs and their lines (migration 0059): written once, read by run. */
export class ReconciliationRepository extends Repository {
  private selectRun() {
    return this.db.selectFrom('reconciliation_run').select([
      'id',
      'merchant_code',
      'provider',
      'file_name',
      'file_sha256',
      'file_lines',
      'matched',
      'mismatched',
      'kinds',
      'created_by',
      'created_at',
      // Dates as text: the two drivers turn a date into a Date at different midnights.
      sql<string>`period_from::text`.as('period_from'),
      sql<string>`period_to::text`.as('period_to'),
    ]);
  }

  async runs(merchant: string, limit: number): Promise<RunRow[]> {
    return this.selectRun()
      .where('merchant_code', '=', merchant)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async run(merchant: string, id: string): Promise<RunRow | undefined> {
    return this.selectRun().where('merchant_code', '=', merchant).where('id', '=', id).executeTakeFirst();
  }

  /** Lines after `afterSeq`, in order; only mismatches unless `all`, of one issue when `issue`. */
  async lines(
    runId: string,
    o: { afterSeq: number; limit: number; all: boolean; issue?: ReconciliationIssue | undefined },
  ): Promise<LineRow[]> {
    let q = this.db
      .selectFrom('reconciliation_line')
      .selectAll()
      .where('run_id', '=', runId)
      .where('seq', '>', o.afterSeq);
    if (!o.all) q = q.where(sql<boolean>`issues <> '{}'`);
    if (o.issue) q = q.where(sql<boolean>`${o.issue} = ANY(issues)`);
    return q.orderBy('seq').limit(o.limit).execute();
  }
}

/**
 * Reconciliation: finance uploads a payment provider's settlement file for a provider and a period;
 * every line is matched against our deposits and payouts of that provider (settlement-file.ts),
 * and the run, its lines and the upload's audit row are stored in one transaction. A bad file is
 * refused before anything is read or written.
 */
export class ReconciliationService {
  constructor(
    private readonly repo: ReconciliationRepository,
    private readonly orders: CashierReportsRepository,
  ) {}

  async upload(merchant: string, input: ReconciliationUpload, who: AuditActor): Promise<ReconciliationRun> {
    const start = parseDay(input.from);
    const end = parseDay(input.to);
    if (Number.isNaN(start) || Number.isNaN(end) || end < start) throw new AppError('report.period.order');
    if (end - start + 1 > REPORT_MAX_DAYS)
      throw new AppError('report.period.too.long', undefined, [REPORT_MAX_DAYS]);
    const providers = await this.orders.providers(merchant);
    if (!providers.includes(input.provider)) throw new AppError('report.reconcile.provider');
    const lines = parseSettlementFile(input.fileName, input.content);
    // Read before the transaction: the embedded database has one connection.
    const ours = await this.orders.providerOrders(
      merchant,
      input.provider,
      input.from,
      input.to,
      fileRefs(lines),
    );
    const matched = matchSettlement(lines, ours);
    const kinds: Record<string, number> = {};
    for (const m of matched) for (const k of m.issues) kinds[k] = (kinds[k] ?? 0) + 1;
    const mismatched = matched.filter((m) => m.issues.length > 0).length;
    const sha = createHash('sha256').update(input.content).digest('hex');
    const run = await this.repo.transaction(async (trx) => {
      const row = await trx
        .insertInto('reconciliation_run')
        .values({
          merchant_code: merchant,
          provider: input.provider,
          period_from: input.from,
          period_to: input.to,
          file_name: input.fileName,
          file_sha256: sha,
          file_lines: lines.length,
          matched: matched.length - mismatched,
          mismatched,
          kinds: JSON.stringify(kinds),
          created_by: who.actor,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      for (let i = 0; i < matched.length; i += INSERT_BATCH) {
        await trx
          .insertInto('reconciliation_line')
          .values(matched.slice(i, i + INSERT_BATCH).map((m, j) => lineRow(row.id, i + j + 1, m)))
          .execute();
      }
      await writeAudit(trx, who, {
        merchant,
        action: 'reports.reconcile.upload',
        target: `reconciliation:${row.id}`,
        before: null,
        after: {
          provider: input.provider,
          from: input.from,
          to: input.to,
          fileName: input.fileName,
          sha256: sha,
          lines: lines.length,
          mismatched,
          kinds,
        },
      });
      return row;
    });
    return runOf({
      ...run,
      merchant_code: merchant,
      provider: input.provider,
      period_from: input.from,
      period_to: input.to,
      file_name: input.fileName,
      file_sha256: sha,
      file_lines: lines.length,
      matched: matched.length - mismatched,
      mismatched,
      kinds,
      created_by: who.actor,
    });
  }

  async runs(merchant: string): Promise<ReconciliationRun[]> {
    return (await this.repo.runs(merchant, 50)).map(runOf);
  }

  async lines(
    merchant: string,
    id: string,
    o: { after?: number | undefined; limit: number; all: boolean; issue?: ReconciliationIssue | undefined },
  ): Promise<ReconciliationLinePage> {
    const run = await this.repo.run(merchant, id);
    if (!run) throw new AppError('report.reconcile.not.found');
    const rows = await this.repo.lines(run.id, { ...o, afterSeq: o.after ?? 0, limit: o.limit + 1 });
    const more = rows.length > o.limit;
    const page = more ? rows.slice(0, o.limit) : rows;
    return { run: runOf(run), list: page.map(lineOf), next: more ? page[page.length - 1]!.seq : null };
  }

  /** Every line of a run in batches (the export), or none when the run is not the brand's. */
  async *allLines(merchant: string, id: string, all: boolean, batch = 2000): AsyncGenerator<LineRow> {
    const run = await this.repo.run(merchant, id);
    if (!run) throw new AppError('report.reconcile.not.found');
    let after = 0;
    for (;;) {
      const rows = await this.repo.lines(run.id, { afterSeq: after, limit: batch, all });
      yield* rows;
      if (rows.length < batch) return;
      after = rows[rows.length - 1]!.seq;
    }
  }
}

function lineRow(runId: string, seq: number, m: MatchedLine) {
  return {
    run_id: runId,
    seq,
    file_line: m.fileLine,
    issues: m.issues,
    direction: m.direction,
    order_no: m.orderNo,
    provider_ref: m.providerRef,
    file_amount: m.fileAmount,
    our_amount: m.ourAmount,
    file_fee: m.fileFee,
    our_fee: m.ourFee,
    file_status: m.fileStatus,
    our_status: m.ourStatus,
    file_time: m.fileTime,
  };
}
