import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { parseDay } from '../../platform/periods';

/** The longest period a report answers for, in days (both ends counted): two years and a day. */
export const REPORT_MAX_DAYS = 732;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The query every report takes: its brand-local days (both included) and whose figures: the
 * request's brand, or every brand (a platform grant of reports.view only).
 */
export const reportRangeQuery = z.object({
  from: day,
  to: day,
  scope: z.enum(['brand', 'all']).default('brand'),
});
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

/** What a report reads: the brands, and their local days from..to (yyyy-mm-dd, both included). */
export interface ReportScope {
  merchants: string[];
  /** Every brand (the platform owner's view), not only the request's. */
  all: boolean;
  from: string;
  to: string;
}

/**
 * The brands and days of a report request. Every brand needs reports.view on a platform grant
 * (operator.forbidden otherwise); the days are checked as the dashboard checks them.
 */
export function resolveScope(
  req: FastifyRequest,
  q: ReportRangeQuery,
  allBrands: () => Promise<string[]> | string[],
): Promise<ReportScope> | ReportScope {
  const start = parseDay(q.from);
  const end = parseDay(q.to);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) throw new AppError('report.period.order');
  if (end - start + 1 > REPORT_MAX_DAYS)
    throw new AppError('report.period.too.long', undefined, [REPORT_MAX_DAYS]);
  if (q.scope === 'brand') return { merchants: [req.brand.code], all: false, from: q.from, to: q.to };
  const platform = req.operator?.grants.some(
    (g) => g.merchant === null && g.permissions.includes('reports.view'),
  );
  if (!platform) throw new AppError('operator.forbidden');
  const list = allBrands();
  const done = (merchants: string[]): ReportScope => ({ merchants, all: true, from: q.from, to: q.to });
  return Array.isArray(list) ? done(list) : list.then(done);
}
