import {
  GAME_TYPES,
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
import { mediaBase } from '../../platform/media-url';
import type { CatalogueService } from './catalogue.service';
import type { VendorService } from '../vendors';
import { operatorRoute } from '../../platform/operator-auth';

export async function vendorRoutes(
  app: FastifyInstance,
  opts: { vendors: VendorService; catalogue: CatalogueService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/wps/admin/game-types/:gameType',
    {
      config: operatorRoute('games.manage'),
      schema: {
        summary: 'Switch a game category of the brand on or off (its vendors, lists and launches)',
        tags: ['operator'],
        params: z.object({ gameType: z.enum(GAME_TYPES) }),
        body: z.object({ enabled: z.boolean() }),
        response: {
          200: ok(
            z.object({ gameType: z.enum(GAME_TYPES), enabled: z.boolean(), vendors: z.array(z.string()) }),
          ),
        },
      },
    },
    async (req) => {
      const { gameType } = req.params;
      const before = (await opts.vendors.adminList(req.brand.code))
        .filter((v) => v.gameType === gameType)
        .map((v) => ({ vendor: v.code, enabled: v.enabled }));
      const vendors = await opts.vendors.setCategory(req.brand.code, gameType, req.body.enabled);
      // The vendor lists read the database; the game lists show it at once on this instance and
      // on others when their catalogue snapshot is next reloaded (a few seconds).
      opts.catalogue.invalidate(req.brand.code);
      req.auditDetail = {
        action: 'game-type.switch',
        target: `game-type:${gameType}`,
        before,
        after: vendors.map((vendor) => ({ vendor, enabled: req.body.enabled })),
      };
      return envelope({ gameType, enabled: req.body.enabled, vendors });
    },
  );

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
    async (req) => envelope(await opts.vendors.categories(req.brand, req.query.gameType, mediaBase(req))),
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
