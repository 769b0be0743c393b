import { ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../../platform/envelope';
import { operatorRoute } from '../../../platform/operator-auth';
import type { Hub88CatalogueService } from './hub88-catalogue.service';

/** The operator's "sync now" of the brand's Hub88 catalogue (the daily job does it too). */
export async function hub88CatalogueRoutes(app: FastifyInstance, opts: { sync: Hub88CatalogueService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/wps/admin/integrations/HUB88/sync',
    {
      config: operatorRoute('integrations.manage'),
      schema: {
        summary: "Syncs the brand's catalogue with Hub88's game list: studios, games, names, icons (audited)",
        tags: ['operator'],
        response: {
          200: ok(
            z.object({ studios: z.number().int(), games: z.number().int(), disabled: z.number().int() }),
          ),
        },
      },
    },
    async (req) => {
      const result = await opts.sync.sync(req.brand.code);
      req.auditDetail = { action: 'integration.sync', target: 'provider:HUB88', after: result };
      return envelope(result);
    },
  );
}
