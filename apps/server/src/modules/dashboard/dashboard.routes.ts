import { dashboardSchema, ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorRoute } from '../../platform/operator-auth';
import type { DashboardService } from './dashboard.service';

const tags = ['operator'];

// A real calendar day is checked by the service (dashboard.period.order), with the period's rules.
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const query = z.object({ from: day, to: day });

/** The back office's dashboard (GET only: it changes nothing, so it writes no audit row). */
export async function dashboardRoutes(app: FastifyInstance, opts: { dashboard: DashboardService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wps/admin/dashboard',
    {
      config: operatorRoute('dashboard.view'),
      schema: {
        summary:
          "A brand's figures for its local days from..to (inclusive), the same number of days before, a daily series and the pending queues",
        tags,
        querystring: query,
        response: { 200: ok(dashboardSchema) },
      },
    },
    async (req) => envelope(await opts.dashboard.dashboard(req.brand, req.query.from, req.query.to)),
  );
}
