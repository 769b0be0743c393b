import { consolidatedFundsSchema, ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { ConsolidatedFundsService } from './consolidated.service';

export async function consolidatedRoutes(
  app: FastifyInstance,
  opts: { consolidated: ConsolidatedFundsService },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/wps/member/info/funds/consolidated',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'Contract flags (salary, dividend, hourly and real-time wages) and a funds summary',
        tags: ['wallet'],
        response: { 200: ok(consolidatedFundsSchema) },
      },
    },
    async (req) =>
      envelope(await opts.consolidated.consolidated(req.brand, req.member!.memberId, req.member!.isAgent)),
  );
}
