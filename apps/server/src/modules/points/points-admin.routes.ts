import {
  activeInputSchema,
  adminMallItemSchema,
  adminMallListSchema,
  adminPointRulesSchema,
  mallItemCreateSchema,
  mallItemInputSchema,
  mallStockInputSchema,
  ok,
  pointRulesInputSchema,
  REWARDS_ADMIN_LIMITS,
  rewardImageSchema,
  rewardImageUploadSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { mediaBase } from '../../platform/media-url';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import { REWARD_IMAGE_DIR, type PointsAdminService } from './points-admin.service';

const tags = ['operator'];
const config = operatorRoute('rewards.manage');
const idParams = z.object({ id: z.string().max(20) });

/**
 * The back office's points setup under /wps/admin/rewards (earning rules, the mall's catalogue,
 * stock and images; every change audited with before and after) and the public read of uploaded
 * mall images.
 */
export async function pointsAdminRoutes(app: FastifyInstance, opts: { admin: PointsAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { admin } = opts;

  r.get(
    '/wps/admin/rewards/points',
    {
      config,
      schema: {
        tags,
        summary: 'Points earning and conversion rules',
        response: { 200: ok(adminPointRulesSchema) },
      },
    },
    async (req) => envelope(await admin.rules(req.brand.code)),
  );
  r.put(
    '/wps/admin/rewards/points',
    {
      config,
      schema: {
        tags,
        summary: 'Saves points earning and conversion rules (points already credited stay)',
        body: pointRulesInputSchema,
        response: { 200: ok(adminPointRulesSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.saveRules(req.brand.code, req.body);
      req.auditDetail = { action: 'rewards.points.save', target: `brand:${req.brand.code}`, before, after };
      return envelope(after);
    },
  );

  r.get(
    '/wps/admin/rewards/mall',
    {
      config,
      schema: {
        tags,
        summary: 'The mall’s catalogue, inactive items too',
        response: { 200: ok(adminMallListSchema) },
      },
    },
    async (req) => envelope({ list: await admin.items(req.brand.code, mediaBase(req)) }),
  );
  r.post(
    '/wps/admin/rewards/mall',
    {
      config,
      schema: {
        tags,
        summary: 'Adds a mall item',
        body: mallItemCreateSchema,
        response: { 200: ok(adminMallItemSchema) },
      },
    },
    async (req) => {
      const after = await admin.createItem(req.brand.code, req.body, mediaBase(req));
      req.auditDetail = {
        action: 'rewards.mall.create',
        target: `mall-item:${after.id}`,
        before: null,
        after,
      };
      return envelope(after);
    },
  );
  r.put(
    '/wps/admin/rewards/mall/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edits a mall item (redemptions made keep what they were redeemed for)',
        params: idParams,
        body: mallItemInputSchema,
        response: { 200: ok(adminMallItemSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.updateItem(
        req.brand.code,
        req.params.id,
        req.body,
        mediaBase(req),
      );
      req.auditDetail = { action: 'rewards.mall.update', target: `mall-item:${after.id}`, before, after };
      return envelope(after);
    },
  );
  r.post(
    '/wps/admin/rewards/mall/:id/stock',
    {
      config,
      schema: {
        tags,
        summary: 'Adds or takes stock (never below zero), or makes it limited or unlimited',
        params: idParams,
        body: mallStockInputSchema,
        response: { 200: ok(adminMallItemSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.changeStock(
        req.brand.code,
        req.params.id,
        req.body,
        mediaBase(req),
      );
      req.auditDetail = {
        action: 'rewards.mall.stock',
        target: `mall-item:${after.id}`,
        before: { stock: before.stock },
        after: { stock: after.stock, request: req.body },
      };
      return envelope(after);
    },
  );
  r.post(
    '/wps/admin/rewards/mall/:id/active',
    {
      config,
      schema: {
        tags,
        summary: 'Shows or hides a mall item',
        params: idParams,
        body: activeInputSchema,
        response: { 200: ok(adminMallItemSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.setActive(
        req.brand.code,
        req.params.id,
        req.body.active,
        mediaBase(req),
      );
      req.auditDetail = {
        action: req.body.active ? 'rewards.mall.enable' : 'rewards.mall.disable',
        target: `mall-item:${after.id}`,
        before: { active: before.active },
        after: { active: after.active },
      };
      return envelope(after);
    },
  );
  r.post(
    '/wps/admin/rewards/images',
    {
      config,
      bodyLimit: REWARDS_ADMIN_LIMITS.maxImageBytes * 3,
      schema: {
        tags,
        summary: 'Uploads a mall image (png or jpg, at most 1 MB)',
        body: rewardImageUploadSchema,
        response: { 200: ok(rewardImageSchema) },
      },
    },
    async (req) => {
      const image = await admin.uploadImage(req.brand.code, req.body.data, operatorName(req), mediaBase(req));
      req.auditDetail = {
        action: 'rewards.image.upload',
        target: image.imagePath,
        after: { size: image.size },
      };
      return envelope(image);
    },
  );

  // Public: the images are what the mall shows every visitor.
  r.get(
    `/media/${REWARD_IMAGE_DIR}/:file`,
    { schema: { hide: true, params: z.object({ file: z.string().max(60) }) } },
    async (req, reply) => {
      const image = await admin.image(req.params.file);
      if (!image) return reply.code(404).send();
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(image.bytes);
    },
  );
}
