import { ok, vipLevelsSchema, vipMeSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { VipService } from './vip.service';

/** VIP levels: the brand's levels for everyone, and the member's own level and progress. */
export async function vipRoutes(app: FastifyInstance, opts: { vip: VipService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { vip } = opts;
  const tags = ['vip'];

  r.get(
    '/wps/vip/levels',
    {
      schema: {
        summary:
          'VIP levels of the brand: label and colour, thresholds (lifetime valid turnover and deposits), upgrade bonus, benefits, daily rebate rates per game type; and the rebate rule',
        tags,
        response: { 200: ok(vipLevelsSchema) },
      },
    },
    async (req) => envelope(await vip.levels(req.brand, req.lang)),
  );

  r.get(
    '/wps/vip/me',
    {
      config: { auth: 'real' },
      schema: {
        summary:
          'My VIP level (evaluated now: a level reached pays its upgrade bonus once), lifetime figures and what the next level still needs',
        tags,
        response: { 200: ok(vipMeSchema) },
      },
    },
    async (req) => envelope(await vip.me(req.brand, req.member!.memberId, req.lang)),
  );
}
