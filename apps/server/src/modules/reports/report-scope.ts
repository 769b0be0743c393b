import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/repository';
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
  /** Every brand: those whose amounts are in this currency (default: the request brand's). */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

/** What a report reads: the brands, and their local days from..to (yyyy-mm-dd, both included). */
export interface ReportScope {
  merchants: string[];
  /** Every brand (the platform owner's view), not only the request's. */
  all: boolean;
  /**
   * ISO 4217: what every amount of the scope is in. Brands of different currencies are never
   * added up: every brand's figures are those of the brands in one currency.
   */
  currency: string;
  from: string;
  to: string;
}

/** A brand and its currency: what an every-brand report picks its brands from. */
export interface BrandCurrency {
  code: string;
  currency: string;
}

/** Every brand's code and currency, by code. */
export function brandCurrencies(db: Db): () => Promise<BrandCurrency[]> {
  return () => db.selectFrom('merchant').select(['code', 'currency']).orderBy('code').execute();
}

/**
 * The brands and days of a report request. Every brand needs reports.view on a platform grant
 * (operator.forbidden otherwise) and means every brand of one currency: the one asked for, else
 * the request brand's. The days are checked as the dashboard checks them.
 */
export async function resolveScope(
  req: FastifyRequest,
  q: ReportRangeQuery,
  allBrands: () => Promise<BrandCurrency[]>,
): Promise<ReportScope> {
  const start = parseDay(q.from);
  const end = parseDay(q.to);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) throw new AppError('report.period.order');
  if (end - start + 1 > REPORT_MAX_DAYS)
    throw new AppError('report.period.too.long', undefined, [REPORT_MAX_DAYS]);
  const own = req.brand.currency;
  if (q.scope === 'brand') {
    if (q.currency && q.currency !== own) throw new AppError('report.currency.brand', undefined, [own]);
    return { merchants: [req.brand.code], all: false, currency: own, from: q.from, to: q.to };
  }
  const platform = req.operator?.grants.some(
    (g) => g.merchant === null && g.permissions.includes('reports.view'),
  );
  if (!platform) throw new AppError('operator.forbidden');
  const currency = q.currency ?? own;
  const merchants = (await allBrands()).filter((b) => b.currency === currency).map((b) => b.code);
  if (merchants.length === 0) throw new AppError('report.currency.none', undefined, [currency]);
  return { merchants, all: true, currency, from: q.from, to: q.to };
}
