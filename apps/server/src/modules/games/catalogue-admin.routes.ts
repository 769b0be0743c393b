import {
  adminCategorySchema,
  adminGameBulkResultSchema,
  adminGameBulkSchema,
  adminGamePageSchema,
  adminGamePatchSchema,
  adminGameSchema,
  adminGamesQuerySchema,
  adminVendorPatchSchema,
  adminVendorSchema,
  GAME_TYPES,
  ok,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { mediaBase } from '../../platform/media-url';
import { operatorRoute } from '../../platform/operator-auth';
import type { VendorService } from '../vendors';
import { adminGameWire, auditedGame, type CatalogueAdminService } from './catalogue-admin.service';
import type { CatalogueService } from './catalogue.service';

const tags = ['operator'];
const config = operatorRoute('games.manage');

/** The back office's game catalogue: categories, vendors and games of the brand, and their switches. */
export async function catalogueAdminRoutes(
  app: FastifyInstance,
  opts: { admin: CatalogueAdminService; vendors: VendorService; catalogue: CatalogueService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/wps/admin/games/categories',
    {
      config,
      schema: {
        summary: 'The brand’s game categories with their vendors and games counted (on and in all)',
        tags,
        response: { 200: ok(z.array(adminCategorySchema)) },
      },
    },
    async (req) => envelope(await opts.admin.categories(req.brand.code)),
  );

  r.get(
    '/wps/admin/games/vendors',
    {
      config,
      schema: {
        summary: 'Every vendor row of the brand (switched on or off) with its games counted',
        tags,
        response: { 200: ok(z.array(adminVendorSchema)) },
      },
    },
    async (req) => envelope(await opts.vendors.adminList(req.brand.code)),
  );

  r.put(
    '/wps/admin/games/vendors/:gameType/:code',
    {
      config,
      schema: {
        summary: 'Switches a vendor of a category on or off, or changes its hot flag, order or name',
        tags,
        params: z.object({ gameType: z.enum(GAME_TYPES), code: z.string().regex(/^[A-Z0-9_]{1,32}$/) }),
        body: adminVendorPatchSchema,
        response: { 200: ok(adminVendorSchema) },
      },
    },
    async (req) => {
      const { gameType, code } = req.params;
      const { before, after } = await opts.vendors.update(req.brand.code, code, gameType, req.body);
      // Its games leave or join the lists: this instance at once, others when their snapshot reloads.
      opts.catalogue.invalidate(req.brand.code);
      req.auditDetail = { action: 'vendor.update', target: `vendor:${gameType}/${code}`, before, after };
      const row = (await opts.vendors.adminList(req.brand.code)).find(
        (v) => v.code === code && v.gameType === gameType,
      )!;
      return envelope(row);
    },
  );

  r.get(
    '/wps/admin/games',
    {
      config,
      schema: {
        summary: 'The brand’s games (switched on or off), searched and filtered, a page at a time',
        tags,
        querystring: adminGamesQuerySchema,
        response: { 200: ok(adminGamePageSchema) },
      },
    },
    async (req) => envelope(await opts.admin.games(req.brand.code, req.query, mediaBase(req))),
  );

  r.put(
    '/wps/admin/games/:nodeId',
    {
      config,
      schema: {
        summary: 'Changes a game: switch, hot flag, order, minimum bet, names per language',
        tags,
        params: z.object({ nodeId: z.string().regex(/^\d{1,18}$/) }),
        body: adminGamePatchSchema,
        response: { 200: ok(adminGameSchema) },
      },
    },
    async (req) => {
      const { before, after } = await opts.admin.update(req.brand.code, req.params.nodeId, req.body);
      req.auditDetail = {
        action: 'game.update',
        target: `game:${after.vendor_code}/${after.game_code}`,
        before: auditedGame(before),
        after: auditedGame(after),
      };
      return envelope(adminGameWire(after, mediaBase(req)));
    },
  );

  r.post(
    '/wps/admin/games/bulk',
    {
      config,
      schema: {
        summary: 'Switches many games of the brand on or off at once (all the brand’s, or none changes)',
        tags,
        body: adminGameBulkSchema,
        response: { 200: ok(adminGameBulkResultSchema) },
      },
    },
    async (req) => {
      const changed = await opts.admin.setEnabled(req.brand.code, req.body.nodeIds, req.body.enabled);
      req.auditDetail = {
        action: 'game.bulk',
        target: `games:${req.body.nodeIds.length}`,
        before: { enabled: !req.body.enabled, nodeIds: changed },
        after: { enabled: req.body.enabled, nodeIds: changed },
      };
      return envelope({ changed: changed.length });
    },
  );
}
