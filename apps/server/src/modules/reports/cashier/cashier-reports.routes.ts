import {
  CASHIER_DIRECTIONS,
  CASHIER_OUTCOMES,
  cashierOrderPageSchema,
  cashierReportSchema,
  ok,
  RECONCILIATION_ISSUES,
  RECONCILIATION_MAX_BYTES,
  reconciliationLinePageSchema,
  reconciliationProvidersSchema,
  reconciliationRunSchema,
  reconciliationUploadSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../../platform/audit';
import { ok as envelope } from '../../../platform/envelope';
import { operatorRoute } from '../../../platform/operator-auth';
import { reportRangeQuery, resolveScope, type BrandCurrency } from '../report-scope';
import type { CashierReportsService } from './cashier-reports.service';
import type { ReconciliationService } from './reconciliation.service';

const tags = ['operator'];
const code = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/** The filters of the orders behind a cashier figure (a row of the channel table, a tile). */
export const cashierOrdersQuery = reportRangeQuery.extend({
  direction: z.enum(CASHIER_DIRECTIONS),
  channel: code.optional(),
  provider: code.optional(),
  outcome: z.enum(CASHIER_OUTCOMES).optional(),
});

/** A JSON body carries the file's text; escaping can double it, so the body limit is wider than the file's. */
const UPLOAD_BODY_LIMIT = RECONCILIATION_MAX_BYTES * 2 + 64 * 1024;

export async function cashierReportRoutes(
  app: FastifyInstance,
  opts: {
    reports: CashierReportsService;
    reconciliation: ReconciliationService;
    allBrands: () => Promise<BrandCurrency[]>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/wps/admin/reports/cashier',
    {
      config: operatorRoute('reports.view'),
      schema: {
        summary:
          'Deposits and withdrawals asked for on the brand-local days from..to: totals, by channel and provider, by day (success, amounts, fees, average and p90 times)',
        tags,
        querystring: reportRangeQuery,
        response: { 200: ok(cashierReportSchema) },
      },
    },
    async (req) =>
      envelope(await opts.reports.report(await resolveScope(req, req.query, opts.allBrands), req.lang)),
  );

  r.get(
    '/wps/admin/reports/cashier/orders',
    {
      config: operatorRoute('reports.view'),
      schema: {
        summary: 'The orders behind a cashier figure, newest first, in keyset pages (`next` → `after`)',
        tags,
        querystring: cashierOrdersQuery.extend({
          after: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: ok(cashierOrderPageSchema) },
      },
    },
    async (req) => {
      const { after, limit, direction, channel, provider, outcome } = req.query;
      const scope = await resolveScope(req, req.query, opts.allBrands);
      return envelope(
        await opts.reports.orders(scope, { direction, channel, provider, outcome }, limit, after),
      );
    },
  );

  r.get(
    '/wps/admin/reports/cashier/providers',
    {
      config: operatorRoute('reports.reconcile'),
      schema: {
        summary: 'The payment providers of the brand a settlement file can be reconciled for',
        tags,
        response: { 200: ok(reconciliationProvidersSchema) },
      },
    },
    async (req) => envelope(await opts.reports.providers(req.brand.code)),
  );

  r.get(
    '/wps/admin/reports/cashier/reconciliations',
    {
      config: operatorRoute('reports.reconcile'),
      schema: {
        summary: 'The brand’s reconciliation runs, newest first (the last 50)',
        tags,
        response: { 200: ok(z.array(reconciliationRunSchema)) },
      },
    },
    async (req) => envelope(await opts.reconciliation.runs(req.brand.code)),
  );

  r.post(
    '/wps/admin/reports/cashier/reconciliations',
    {
      config: operatorRoute('reports.reconcile'),
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        summary:
          'Uploads a provider’s settlement file (CSV text) for a period: every line matched against our deposits and payouts, the run and its mismatches stored (audited)',
        tags,
        body: reconciliationUploadSchema,
        response: { 200: ok(reconciliationRunSchema) },
      },
    },
    async (req) => {
      const run = await opts.reconciliation.upload(req.brand.code, req.body, auditActor(req));
      req.auditDetail = { written: true };
      return envelope(run);
    },
  );

  r.get(
    '/wps/admin/reports/cashier/reconciliations/:id',
    {
      config: operatorRoute('reports.reconcile'),
      schema: {
        summary:
          'A reconciliation run and its lines: the mismatches (of one kind with `issue`), or every line with all=1',
        tags,
        params: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
        querystring: z.object({
          issue: z.enum(RECONCILIATION_ISSUES).optional(),
          all: z.enum(['0', '1']).optional(),
          after: z.coerce.number().int().min(0).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: ok(reconciliationLinePageSchema) },
      },
    },
    async (req) => {
      const { issue, all, after, limit } = req.query;
      return envelope(
        await opts.reconciliation.lines(req.brand.code, req.params.id, {
          issue,
          all: all === '1',
          after,
          limit,
        }),
      );
    },
  );
}
