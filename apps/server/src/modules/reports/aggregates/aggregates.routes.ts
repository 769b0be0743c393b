import { ok, reportStatusSchema } from '@app/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../../platform/envelope';
import { operatorRoute } from '../../../platform/operator-auth';
import type { AggregatesService } from './aggregates.service';

/**
 * How fresh the reports' figures are (GET only: it changes nothing, so it writes no audit row).
 * One watermark serves every brand, so the answer is the same whichever brand asks.
 */
export function aggregatesRoutes(aggregates: AggregatesService): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/wps/admin/reports/status',
      {
        config: operatorRoute('reports.view'),
        schema: {
          summary:
            'When the report aggregates last moved, the newest ledger entry they include and how many are still to fold',
          tags: ['operator'],
          response: { 200: ok(reportStatusSchema) },
        },
      },
      async () => envelope(await aggregates.status()),
    );
  };
}
