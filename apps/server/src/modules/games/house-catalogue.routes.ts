import { houseOfferResultSchema, houseOfferSchema, ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorRoute } from '../../platform/operator-auth';
import type { HouseCatalogueService } from './house-catalogue.service';

const tags = ['operator'];
const config = operatorRoute('games.manage');

/** The back office's "Add house games": what the brand would get, and adding it. */
export async function houseCatalogueRoutes(app: FastifyInstance, opts: { house: HouseCatalogueService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/wps/admin/games/house-offer',
    {
      config,
      schema: {
        summary: 'The house vendors and games the brand has or lacks, and whether Hub88 is set up for it',
        tags,
        response: { 200: ok(houseOfferSchema) },
      },
    },
    async (req) => envelope(await opts.house.offer(req.brand.code)),
  );

  r.post(
    '/wps/admin/games/house-offer',
    {
      config,
      schema: {
        summary: 'Adds the house vendors and games the brand lacks (rows already there stay as they are)',
        tags,
        // Nothing to choose: the whole offer is added. A body asking for something else (a subset,
        // other vendors) is refused rather than silently ignored.
        body: z.object({}).strict().nullish(),
        response: { 200: ok(houseOfferResultSchema) },
      },
    },
    async (req) => {
      const before = await opts.house.offer(req.brand.code);
      const { vendorsAdded, gamesAdded, added } = await opts.house.add(req.brand.code);
      const offer = await opts.house.offer(req.brand.code);
      req.auditDetail = {
        action: 'games.house.add',
        target: `merchant:${req.brand.code}`,
        before: { missingVendors: before.missingVendors, missingGames: before.missingGames },
        after: { vendorsAdded, gamesAdded, added },
      };
      return envelope({ vendorsAdded, gamesAdded, offer });
    },
  );
}
