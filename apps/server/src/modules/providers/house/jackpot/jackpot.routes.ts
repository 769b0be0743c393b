import { jackpotQuerySchema, jackpotSchema, ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../../../platform/envelope';
import type { JackpotService } from './jackpot.service';

/** The brand's progressive jackpot, public: the /rng counter and the winner board read it. */
export async function jackpotRoutes(app: FastifyInstance, opts: { jackpot: JackpotService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wps/game/jackpot',
    {
      schema: {
        summary:
          'The brand’s progressive jackpot: the pool now, its published terms, the counter’s animation and the newest winners',
        tags: ['games'],
        querystring: jackpotQuerySchema,
        response: { 200: ok(jackpotSchema) },
      },
    },
    async (req) => envelope(await opts.jackpot.view(req.brand.code, req.query.limit)),
  );
}
