import type { BrandResolver } from '../../platform/brand';
import { ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../platform/audit';
import { ok as envelope } from '../../platform/envelope';
import type { LegacySwitchService } from './legacy-switch.service';
import { operatorRoute } from '../../platform/operator-auth';

const state = z.object({ legacyCrypto: z.boolean() });

export async function legacySwitchRoutes(
  app: FastifyInstance,
  opts: { legacy: LegacySwitchService; brands: BrandResolver },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/wps/admin/legacy-crypto',
    {
      config: operatorRoute('system.manage'),
      schema: {
        summary: 'Whether the brand takes the real clients’ legacy payload scheme',
        tags,
        response: { 200: ok(state) },
      },
    },
    async (req) => envelope({ legacyCrypto: req.brand.legacyCrypto }),
  );

  r.post(
    '/wps/admin/legacy-crypto',
    {
      config: operatorRoute('system.manage'),
      schema: {
        summary: 'Switches the brand’s legacy payload scheme on or off (audited)',
        tags,
        body: z.object({ enabled: z.boolean() }),
        response: { 200: ok(state.extend({ previous: z.boolean() })) },
      },
    },
    async (req) => {
      const { before, after } = await opts.legacy.set(req.brand.code, req.body.enabled, auditActor(req));
      req.auditDetail = { written: true };
      // This instance at once; others within their brand cache time.
      opts.brands.invalidate();
      return envelope({ legacyCrypto: after, previous: before });
    },
  );
}
