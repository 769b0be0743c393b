import type { Permission } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { IntervalJob } from '../../platform/module';
import type { ReportScope } from './report-scope';

/** How an export writes a cell: CSV writes text, XLSX a typed cell (money as a number with 2 decimals). */
export type ReportCellType = 'text' | 'int' | 'money' | 'percent' | 'day' | 'datetime';

export interface ReportColumn {
  key: string;
  /** The column's heading in the file (English: files go to finance teams and regulators as they are). */
  header: string;
  type: ReportCellType;
}

/** money: minor units (bigint); percent: a fraction (0.0525 is 5.25 %); day: yyyy-mm-dd; datetime: a Date. */
export type ReportCell = string | number | bigint | Date | null;

/**
 * The rows a source reads per batch for an export. Small on purpose: a batch outlives the young
 * generation's collections while its rows are written, so the collector promotes it, and the old
 * generation then grows by about a batch per young collection until a full one. 1,000 rows keep
 * a million-row export's memory growth to tens of megabytes (5,000 took it past 150 MB) at the
 * cost of a few more queries.
 */
export const EXPORT_BATCH_ROWS = 1_000;

/**
 * A report an export can write: its own query fields (besides from, to and scope), its columns,
 * and its rows read in batches (keyset pages or a cursor), so an export of any size holds one
 * batch in memory at a time.
 */
export interface ReportSource<Q extends z.ZodTypeAny = z.ZodTypeAny> {
  /** The name the export API takes, e.g. `business.games`. */
  name: string;
  /** What the staff member needs on the brand (on a platform grant for every brand). */
  permission: Permission;
  /** The report's own query fields; an empty object when it has none. */
  query: Q;
  columns(q: z.infer<Q>): ReportColumn[];
  rows(scope: ReportScope, q: z.infer<Q>): AsyncIterable<ReportCell[]>;
}

/** One part of the reports module: its routes, jobs, exportable reports and services. */
export interface ReportPart<S extends object = object> {
  routes?: FastifyPluginAsync;
  jobs?: IntervalJob[];
  sources?: ReportSource[];
  services?: S;
}
