import {
  ok,
  PROMO_ADMIN_LIMITS,
  promoCategoryAdminSchema,
  promoCategoryInputSchema,
  promotionAdminListQuerySchema,
  promotionAdminListSchema,
  promotionAdminSchema,
  promotionCreateSchema,
  promotionForecastSchema,
  promotionImageQuerySchema,
  promotionImageResultSchema,
  promotionKillAllResultSchema,
  promotionKillSchema,
  promotionUpdateSchema,
  type PromotionAdmin,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { PromotionAdminService } from './promotion-admin.service';

const tags = ['operator'];
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
/** A little over the image limit: the service answers promo.image.invalid for a body too large. */
const UPLOAD_BODY_LIMIT = PROMO_ADMIN_LIMITS.maxImageBytes + 64 * 1024;

/** What the audit row keeps of a promotion: its settings and state, not the HTML bodies. */
const audited = (p: PromotionAdmin) => {
  const { content: _content, ...rest } = p;
  return { ...rest, contentLanguages: Object.keys(p.content) };
};

/**
 * The back office's promotions (rewards.manage): categories, set-up, publishing, the kill switch,
 * images and the bonus cost forecast; and the public read of uploaded promotion images.
 */
export async function promotionAdminRoutes(app: FastifyInstance, opts: { admin: PromotionAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { admin } = opts;
  const manage = operatorRoute('rewards.manage');

  // ---- categories -------------------------------------------------------------------------------

  r.get(
    '/wps/admin/promotion-categories',
    {
      config: manage,
      schema: {
        summary: 'Promotion categories of the brand (active or not) with how many promotions each holds',
        tags,
        response: { 200: ok(z.array(promoCategoryAdminSchema)) },
      },
    },
    async (req) => envelope(await admin.categories(req.brand)),
  );

  r.post(
    '/wps/admin/promotion-categories',
    {
      config: manage,
      schema: {
        summary: 'Creates a promotion category (name per language; the default language is required)',
        tags,
        body: promoCategoryInputSchema,
        response: { 200: ok(promoCategoryAdminSchema) },
      },
    },
    async (req) => {
      const after = await admin.createCategory(req.brand, req.body);
      req.auditDetail = {
        action: 'promotion.category.create',
        target: `promotion-category:${after.id}`,
        after,
      };
      return envelope(after);
    },
  );

  r.put(
    '/wps/admin/promotion-categories/:id',
    {
      config: manage,
      schema: {
        summary: 'Edits a promotion category (switched off: the site hides it and its promotions)',
        tags,
        params: idParams,
        body: promoCategoryInputSchema,
        response: { 200: ok(promoCategoryAdminSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.updateCategory(req.brand, req.params.id, req.body);
      req.auditDetail = {
        action: 'promotion.category.update',
        target: `promotion-category:${req.params.id}`,
        before,
        after,
      };
      return envelope(after);
    },
  );

  // ---- promotions -------------------------------------------------------------------------------

  r.get(
    '/wps/admin/promotions',
    {
      config: manage,
      schema: {
        summary: 'Promotions of the brand, drafts included, newest change first, with budget and claims used',
        tags,
        querystring: promotionAdminListQuerySchema,
        response: { 200: ok(promotionAdminListSchema) },
      },
    },
    async (req) => envelope(await admin.list(req.brand, req.query)),
  );

  r.get(
    '/wps/admin/promotions/:id',
    {
      config: manage,
      schema: {
        summary:
          'One promotion with every setting, texts per language, prize table and what is used of its caps',
        tags,
        params: idParams,
        response: { 200: ok(promotionAdminSchema) },
      },
    },
    async (req) => envelope(await admin.get(req.brand, req.params.id)),
  );

  r.post(
    '/wps/admin/promotions',
    {
      config: manage,
      schema: {
        summary: 'Creates a promotion as a draft (the site shows it once it is published)',
        tags,
        body: promotionCreateSchema,
        response: { 200: ok(promotionAdminSchema) },
      },
    },
    async (req) => {
      const after = await admin.create(req.brand, req.body);
      req.auditDetail = {
        action: 'promotion.create',
        target: `promotion:${after.id}`,
        after: audited(after),
      };
      return envelope(after);
    },
  );

  r.put(
    '/wps/admin/promotions/:id',
    {
      config: manage,
      schema: {
        summary:
          'Edits a promotion: the new settings apply to new joins, claims and applications; what ' +
          'members already hold keeps its terms',
        tags,
        params: idParams,
        body: promotionUpdateSchema,
        response: { 200: ok(promotionAdminSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.update(req.brand, req.params.id, req.body);
      req.auditDetail = {
        action: 'promotion.update',
        target: `promotion:${req.params.id}`,
        before: audited(before),
        after: audited(after),
      };
      return envelope(after);
    },
  );

  for (const [path, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    r.post(
      `/wps/admin/promotions/:id/${path}`,
      {
        config: manage,
        schema: {
          summary: published
            ? 'Publishes a promotion: the site lists it (from its start time members may take part)'
            : 'Unpublishes a promotion: the site no longer lists it and it takes nothing new',
          tags,
          params: idParams,
          response: { 200: ok(promotionAdminSchema) },
        },
      },
      async (req) => {
        const { before, after } = await admin.publish(req.brand, req.params.id, published);
        req.auditDetail = {
          action: `promotion.${path}`,
          target: `promotion:${req.params.id}`,
          before: { published: before.published, state: before.state },
          after: { published: after.published, state: after.state },
        };
        return envelope(after);
      },
    );
  }

  r.post(
    '/wps/admin/promotions/:id/kill',
    {
      config: manage,
      schema: {
        summary:
          'Kill switch: the promotion takes no new claim from now on (members keep what they were paid)',
        tags,
        params: idParams,
        body: promotionKillSchema,
        response: { 200: ok(promotionAdminSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.kill(req.brand, req.params.id, true, operatorName(req));
      req.auditDetail = {
        action: 'promotion.kill',
        target: `promotion:${req.params.id}`,
        before: { state: before.state, killedAt: before.killedAt },
        after: { state: after.state, killedAt: after.killedAt, reason: req.body.reason },
      };
      return envelope(after);
    },
  );

  r.post(
    '/wps/admin/promotions/:id/resume',
    {
      config: manage,
      schema: {
        summary: 'Lifts the kill switch of a promotion: it takes claims again',
        tags,
        params: idParams,
        response: { 200: ok(promotionAdminSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.kill(req.brand, req.params.id, false, operatorName(req));
      req.auditDetail = {
        action: 'promotion.resume',
        target: `promotion:${req.params.id}`,
        before: { state: before.state, killedAt: before.killedAt, killedBy: before.killedBy },
        after: { state: after.state },
      };
      return envelope(after);
    },
  );

  r.post(
    '/wps/admin/promotions/kill-all',
    {
      config: manage,
      schema: {
        summary:
          'Kill switch for the whole brand: every published promotion stops taking claims at once ' +
          '(members keep what they were paid)',
        tags,
        body: promotionKillSchema,
        response: { 200: ok(promotionKillAllResultSchema) },
      },
    },
    async (req) => {
      const ids = await admin.killAll(req.brand, operatorName(req));
      req.auditDetail = {
        action: 'promotion.kill_all',
        target: `brand:${req.brand.code}`,
        after: { stopped: ids, reason: req.body.reason },
      };
      return envelope({ stopped: ids.length, ids });
    },
  );

  r.get(
    '/wps/admin/promotions/:id/forecast',
    {
      config: manage,
      schema: {
        summary:
          'Bonus cost forecast of the promotion as saved, from the last 30 days’ deposits, turnover, ' +
          'eligible members and what similar promotions paid',
        tags,
        params: idParams,
        response: { 200: ok(promotionForecastSchema) },
      },
    },
    async (req) => envelope(await admin.forecast(req.brand, req.params.id)),
  );

  await app.register(imageRoutes, { admin });
}

/**
 * The upload takes the raw image as its body. Its parsers live in this encapsulated plugin only,
 * so every other route still refuses image bodies.
 */
async function imageRoutes(app: FastifyInstance, opts: { admin: PromotionAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    [...PROMO_ADMIN_LIMITS.imageTypes, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  r.post(
    '/wps/admin/promotions/:id/image',
    {
      config: operatorRoute('rewards.manage'),
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        summary:
          'Uploads the promotion’s image (raw PNG or JPEG body, at most 5 MB) for one language ' +
          '(lang) or for all that have none',
        tags: ['operator'],
        params: idParams,
        querystring: promotionImageQuerySchema,
        response: { 200: ok(promotionImageResultSchema) },
      },
    },
    async (req) => {
      // A JSON or text body parses to something else: it is not an image.
      if (!Buffer.isBuffer(req.body)) throw new AppError('promo.image.invalid');
      const { url, before, after } = await opts.admin.uploadImage(
        req.brand,
        req.params.id,
        req.query.lang,
        req.body,
        operatorName(req),
      );
      req.auditDetail = {
        action: 'promotion.image',
        target: `promotion:${req.params.id}`,
        before: { imagePath: before.imagePath, images: before.images },
        after: { imagePath: after.imagePath, images: after.images, size: req.body.length },
      };
      return envelope({ url, promotion: after });
    },
  );

  r.get(
    '/wps/media/promotion-images/:id',
    {
      config: { auth: 'optional' },
      schema: {
        summary: 'A promotion image uploaded in the back office (public; its id never changes content)',
        tags: ['promotions'],
        params: z.object({
          id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        }),
      },
    },
    async (req, reply) => {
      const img = await opts.admin.image(req.params.id);
      // PGlite returns bytea as a Uint8Array, pg as a Buffer: send a Buffer either way.
      const bytes = Buffer.isBuffer(img.bytes)
        ? img.bytes
        : Buffer.from(img.bytes.buffer, img.bytes.byteOffset, img.bytes.byteLength);
      return reply
        .type(img.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
