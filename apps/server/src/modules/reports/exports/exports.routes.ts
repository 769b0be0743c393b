import { Readable } from 'node:stream';
import {
  ok,
  permissionsOn,
  reportExportListSchema,
  reportExportRequestSchema,
  reportExportSchema,
  type Permission,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../platform/app-error';
import { auditActor } from '../../../platform/audit';
import { ok as envelope } from '../../../platform/envelope';
import { operatorRoute } from '../../../platform/operator-auth';
import { resolveScope } from '../report-scope';
import { exportFileName, type ExportsService } from './exports.service';

const tags = ['operator'];

const CONTENT_TYPE = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Whether the caller holds a permission on every brand (a platform grant). */
function onPlatform(req: FastifyRequest, permission: Permission): boolean {
  return !!req.operator?.grants.some((g) => g.merchant === null && g.permissions.includes(permission));
}

/** Whether the caller holds a permission on the request's brand (or, for all brands, the platform). */
function mayOn(req: FastifyRequest, permission: Permission, all: boolean): boolean {
  if (all) return onPlatform(req, permission);
  return !!req.operator && permissionsOn(req.operator.grants, req.brand.code).has(permission);
}

/** Exports of reports: start one, list the brand's, download a finished file. */
export async function exportsRoutes(app: FastifyInstance, opts: { exports: ExportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = opts.exports;

  r.post(
    '/wps/admin/reports/exports',
    {
      config: operatorRoute('reports.export'),
      schema: {
        summary:
          "Starts an export of a report (a report source's name, its query) to CSV or XLSX; made in the background",
        tags,
        body: reportExportRequestSchema,
        response: { 200: ok(reportExportSchema) },
      },
    },
    async (req) => {
      const source = service.source(req.body.report);
      const { range } = service.parse(source, req.body);
      const all = range.scope === 'all';
      // Every brand's figures: reports.export and the report's own permission on the platform.
      if (!mayOn(req, 'reports.export', all) || !mayOn(req, source.permission, all))
        throw new AppError('operator.forbidden');
      const scope = await resolveScope(req, range, () => service.allBrands());
      const started = await service.start({
        merchant: req.brand.code,
        scope,
        source,
        format: req.body.format,
        query: req.body.query,
        who: auditActor(req),
      });
      req.auditDetail = { written: true };
      return envelope(started);
    },
  );

  r.get(
    '/wps/admin/reports/exports',
    {
      config: operatorRoute('reports.export'),
      schema: {
        summary: "The brand's exports, newest first, with their progress",
        tags,
        response: { 200: ok(reportExportListSchema) },
      },
    },
    async (req) => envelope({ items: await service.list(req.brand.code) }),
  );

  r.get(
    '/wps/admin/reports/exports/:id/file',
    {
      config: operatorRoute('reports.export', { auditRead: true }),
      schema: {
        summary: "A finished export's file (streamed), named <BRAND|ALL>-<report>-<from>_<to>.<format>",
        tags,
        params: z.object({ id: z.string().max(20) }),
      },
    },
    async (req, reply) => {
      const row = await service.get(req.brand.code, req.params.id);
      if (row.scope_all && !onPlatform(req, 'reports.export')) throw new AppError('operator.forbidden');
      const chunks = service.file(row);
      // The first chunk is read before the answer starts, so a missing file is a clear error.
      const first = await chunks.next();
      const name = exportFileName(row);
      req.auditDetail = {
        action: 'report.export.download',
        target: `report:${row.report}`,
        after: { export: row.id, file: name },
      };
      async function* body() {
        if (!first.done) yield first.value;
        yield* chunks;
      }
      return reply
        .type(CONTENT_TYPE[row.format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .header('content-length', String(row.bytes))
        .send(Readable.from(body()));
    },
  );
}
