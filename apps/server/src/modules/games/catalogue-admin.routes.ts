import {
  adminCategorySchema,
  adminGameBulkResultSchema,
  adminGameBulkSchema,
  adminGameIconUploadSchema,
  adminGamePageSchema,
  adminGamePatchSchema,
  adminGameSchema,
  adminGamesQuerySchema,
  adminVendorPatchSchema,
  adminVendorSchema,
  GAME_ICON_LIMITS,
  GAME_ICON_SLOTS,
  GAME_TYPES,
  ok,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { mediaBase } from '../../platform/media-url';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { VendorService } from '../vendors';
import {
  adminGameWire,
  auditedGame,
  GAME_ICON_DIR,
  type CatalogueAdminService,
} from './catalogue-admin.service';
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
        summary: 'Changes a game: switch, hot and new flags, order, minimum bet, names per language',
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
        summary:
          'Switches many games of the brand on or off and/or marks them new, at once (all the brand’s, or none changes)',
        tags,
        body: adminGameBulkSchema,
        response: { 200: ok(adminGameBulkResultSchema) },
      },
    },
    async (req) => {
      const { nodeIds, enabled, isNew } = req.body;
      const changed = await opts.admin.setFlags(req.brand.code, nodeIds, { enabled, isNew });
      // What was asked; a game changed had at least one of these flags the other way before.
      const asked = {
        ...(enabled === undefined ? {} : { enabled }),
        ...(isNew === undefined ? {} : { isNew }),
      };
      const opposite = Object.fromEntries(Object.entries(asked).map(([k, v]) => [k, !v]));
      req.auditDetail = {
        action: 'game.bulk',
        target: `games:${nodeIds.length}`,
        before: { ...opposite, nodeIds: changed },
        after: { ...asked, nodeIds: changed },
      };
      return envelope({ changed: changed.length });
    },
  );

  const iconParams = z.object({ nodeId: z.string().regex(/^\d{1,18}$/) });

  r.post(
    '/wps/admin/games/:nodeId/icons',
    {
      config,
      bodyLimit: GAME_ICON_LIMITS.maxBytes * 3,
      schema: {
        summary:
          'Uploads a game’s icon for one language or the default (base64 PNG, JPEG or WebP, square, 64 to 1024 px, at most 512 KB)',
        tags,
        params: iconParams,
        body: adminGameIconUploadSchema,
        response: { 200: ok(adminGameSchema) },
      },
    },
    async (req) => {
      const { lang, data } = req.body;
      const done = await opts.admin.uploadIcon(
        req.brand.code,
        req.params.nodeId,
        lang,
        data,
        operatorName(req),
      );
      req.auditDetail = {
        action: 'game.icon.upload',
        target: `game:${done.after.vendor_code}/${done.after.game_code}`,
        before: { lang, icon: done.before.icons[lang] ?? null },
        after: { lang, icon: done.after.icons[lang] ?? null, size: done.size, pixels: done.width },
      };
      return envelope(adminGameWire(done.after, mediaBase(req)));
    },
  );

  r.delete(
    '/wps/admin/games/:nodeId/icons/:lang',
    {
      config,
      schema: {
        summary:
          'Takes a game’s uploaded icon off for one language or the default (the fallback shows again)',
        tags,
        params: iconParams.extend({ lang: z.enum(GAME_ICON_SLOTS) }),
        response: { 200: ok(adminGameSchema) },
      },
    },
    async (req) => {
      const { nodeId, lang } = req.params;
      const { before, after } = await opts.admin.removeIcon(req.brand.code, nodeId, lang);
      req.auditDetail = {
        action: 'game.icon.remove',
        target: `game:${after.vendor_code}/${after.game_code}`,
        before: { lang, icon: before.icons[lang] ?? null },
        after: { lang, icon: null },
      };
      return envelope(adminGameWire(after, mediaBase(req)));
    },
  );

  // Public: the icons are what the site's game lists show every visitor.
  r.get(
    `/media/${GAME_ICON_DIR}/:file`,
    { schema: { hide: true, params: z.object({ file: z.string().max(60) }) } },
    async (req, reply) => {
      const icon = await opts.admin.icon(req.params.file);
      if (!icon) return reply.code(404).send();
      return reply
        .type(icon.contentType)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(icon.bytes);
    },
  );
}
