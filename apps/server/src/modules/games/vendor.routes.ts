import {
  newGameVendorQuerySchema,
  ok,
  vassGameTypeQuerySchema,
  vassGameTypeSchema,
  vendorCategorySchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import type { VendorService } from './vendor.service';

export async function vendorRoutes(app: FastifyInstance, opts: { vendors: VendorService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/wps/relay/GCSGAME_newGameVendor',
    {
      schema: {
        summary: 'Vendors per game type for navigation and lobbies',
        tags: ['games'],
        querystring: newGameVendorQuerySchema,
        response: { 200: ok(z.array(vendorCategorySchema)) },
      },
    },
    async (req) => envelope(await opts.vendors.categories(req.brand, req.query.gameType)),
  );

  r.get(
    '/wps/relay/GCSGAME_getVassGameType',
    {
      schema: {
        summary: 'Game types of each vendor (or of one vendor)',
        tags: ['games'],
        querystring: vassGameTypeQuerySchema,
        response: { 200: ok(vassGameTypeSchema) },
      },
    },
    async (req) => {
      const cards = await opts.vendors.cards(req.brand);
      const wanted = req.query.vassalage?.toUpperCase();
      return envelope(
        cards
          .filter((c) => !wanted || c.vassalage === wanted)
          .map((c) => ({ vassalage: c.vassalage, gameType: c.gameType, isGame: c.isGame })),
      );
    },
  );
}
