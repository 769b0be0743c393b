import {
  bannerAdminSchema,
  bannerInputSchema,
  bannerListSchema,
  bannerOrderSchema,
  broadcastCountSchema,
  broadcastInputSchema,
  broadcastListSchema,
  broadcastSchema,
  broadcastSegmentSchema,
  contentImageInputSchema,
  contentImageSchema,
  contentLanguagesSchema,
  contentPreviewQuerySchema,
  contentPreviewSchema,
  footerSchema,
  helpAdminSchema,
  helpCreateSchema,
  helpInputSchema,
  helpListSchema,
  helpOrderSchema,
  noticeAdminSchema,
  noticeInputSchema,
  noticeListSchema,
  noticeOrderSchema,
  ok,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { BroadcastService } from './broadcast.service';
import type { ContentService } from './content.service';

/** Base64 of the largest banner image (1 MB) with room for the JSON around it. */
const IMAGE_BODY_LIMIT = 1_600_000;

const numericId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const done = z.object({ done: z.boolean() });

/** Staff's content screens: banners and their images, notices, help pages, footer, preview, broadcasts. */
export async function contentRoutes(
  app: FastifyInstance,
  opts: { content: ContentService; broadcasts: BroadcastService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { content, broadcasts } = opts;
  const tags = ['content'];
  const site = operatorRoute('content.site');

  // The site shows uploaded banner images from here: public, and the bytes behind an id never change.
  r.get(
    '/wps/content-images/:id',
    {
      schema: {
        summary: 'An uploaded banner image (raw bytes)',
        tags,
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      const image = await content.image(req.params.id);
      // PGlite returns bytea as a Uint8Array, pg as a Buffer: send a Buffer either way.
      const bytes = Buffer.isBuffer(image.bytes)
        ? image.bytes
        : Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength);
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(bytes);
    },
  );

  r.post(
    '/wps/admin/content/images',
    {
      config: site,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Uploads a banner image (base64 PNG or JPEG) checked against the group’s size rules',
        body: contentImageInputSchema,
        response: { 200: ok(contentImageSchema) },
      },
    },
    async (req) => {
      const image = await content.uploadImage(
        req.brand,
        req.body.group,
        req.body.dataBase64,
        operatorName(req),
      );
      req.auditDetail = {
        action: 'content.image.upload',
        target: image.imagePath,
        after: { ...image, group: req.body.group },
      };
      return envelope(image);
    },
  );

  r.get(
    '/wps/admin/content/languages',
    {
      // Broadcasts are written in these too.
      config: operatorRoute('content.site', { orPermissions: ['content.messages'] }),
      schema: {
        tags,
        summary: 'The languages the brand offers, its default first (what content is written in)',
        response: { 200: ok(contentLanguagesSchema) },
      },
    },
    async (req) =>
      envelope({
        defaultLanguage: req.brand.defaultLanguage,
        languages: [
          req.brand.defaultLanguage,
          ...req.brand.languages.filter((l) => l !== req.brand.defaultLanguage),
        ],
      }),
  );

  // ---- banners ----

  r.get(
    '/wps/admin/content/banners',
    {
      config: site,
      schema: {
        tags,
        summary: 'Every banner of the brand by group and position',
        response: { 200: ok(bannerListSchema) },
      },
    },
    async (req) => envelope({ list: await content.listBanners(req.brand) }),
  );
  r.post(
    '/wps/admin/content/banners',
    {
      config: site,
      schema: {
        tags,
        summary: 'Adds a banner (last in its group)',
        body: bannerInputSchema,
        response: { 200: ok(bannerAdminSchema) },
      },
    },
    async (req) => {
      const after = await content.createBanner(req.brand, req.body);
      req.auditDetail = { action: 'content.banner.create', target: `banner:${after.id}`, after };
      return envelope(after);
    },
  );
  r.put(
    '/wps/admin/content/banners/:id',
    {
      config: site,
      schema: {
        tags,
        summary: 'Changes a banner',
        params: numericId,
        body: bannerInputSchema,
        response: { 200: ok(bannerAdminSchema) },
      },
    },
    async (req) => {
      const { before, after } = await content.updateBanner(req.brand, req.params.id, req.body);
      req.auditDetail = { action: 'content.banner.update', target: `banner:${after.id}`, before, after };
      return envelope(after);
    },
  );
  r.delete(
    '/wps/admin/content/banners/:id',
    {
      config: site,
      schema: { tags, summary: 'Deletes a banner', params: numericId, response: { 200: ok(done) } },
    },
    async (req) => {
      const before = await content.deleteBanner(req.brand, req.params.id);
      req.auditDetail = {
        action: 'content.banner.delete',
        target: `banner:${before.id}`,
        before,
        after: null,
      };
      return envelope({ done: true });
    },
  );
  r.put(
    '/wps/admin/content/banners-order',
    {
      config: site,
      schema: {
        tags,
        summary: 'Orders a banner group (every banner of it, first shown first)',
        body: bannerOrderSchema,
        response: { 200: ok(done) },
      },
    },
    async (req) => {
      await content.orderBanners(req.brand, req.body.group, req.body.ids);
      req.auditDetail = {
        action: 'content.banner.order',
        target: `group:${req.body.group}`,
        after: req.body.ids,
      };
      return envelope({ done: true });
    },
  );

  // ---- notices ----

  r.get(
    '/wps/admin/content/notices',
    {
      config: site,
      schema: {
        tags,
        summary: 'Every notice (marquee, popup, promotion) of the brand',
        response: { 200: ok(noticeListSchema) },
      },
    },
    async (req) => envelope({ list: await content.listNotices(req.brand) }),
  );
  r.post(
    '/wps/admin/content/notices',
    {
      config: site,
      schema: {
        tags,
        summary: 'Adds a notice (last of its type)',
        body: noticeInputSchema,
        response: { 200: ok(noticeAdminSchema) },
      },
    },
    async (req) => {
      const after = await content.createNotice(req.brand, req.body);
      req.auditDetail = { action: 'content.notice.create', target: `notice:${after.id}`, after };
      return envelope(after);
    },
  );
  r.put(
    '/wps/admin/content/notices/:id',
    {
      config: site,
      schema: {
        tags,
        summary: 'Changes a notice',
        params: numericId,
        body: noticeInputSchema,
        response: { 200: ok(noticeAdminSchema) },
      },
    },
    async (req) => {
      const { before, after } = await content.updateNotice(req.brand, req.params.id, req.body);
      req.auditDetail = { action: 'content.notice.update', target: `notice:${after.id}`, before, after };
      return envelope(after);
    },
  );
  r.delete(
    '/wps/admin/content/notices/:id',
    {
      config: site,
      schema: { tags, summary: 'Deletes a notice', params: numericId, response: { 200: ok(done) } },
    },
    async (req) => {
      const before = await content.deleteNotice(req.brand, req.params.id);
      req.auditDetail = {
        action: 'content.notice.delete',
        target: `notice:${before.id}`,
        before,
        after: null,
      };
      return envelope({ done: true });
    },
  );
  r.put(
    '/wps/admin/content/notices-order',
    {
      config: site,
      schema: {
        tags,
        summary: 'Orders the notices of one type',
        body: noticeOrderSchema,
        response: { 200: ok(done) },
      },
    },
    async (req) => {
      await content.orderNotices(req.brand, req.body.type, req.body.ids);
      req.auditDetail = {
        action: 'content.notice.order',
        target: `type:${req.body.type}`,
        after: req.body.ids,
      };
      return envelope({ done: true });
    },
  );

  // ---- help pages ----

  const tagParam = z.object({ tag: z.string().max(64) });
  r.get(
    '/wps/admin/content/help',
    {
      config: site,
      schema: {
        tags,
        summary: 'The help centre’s pages, drafts included',
        response: { 200: ok(helpListSchema) },
      },
    },
    async (req) => envelope({ list: await content.listHelp(req.brand) }),
  );
  r.post(
    '/wps/admin/content/help',
    {
      config: site,
      schema: {
        tags,
        summary: 'Adds a help page (rich text sanitised)',
        body: helpCreateSchema,
        response: { 200: ok(helpAdminSchema) },
      },
    },
    async (req) => {
      const after = await content.createHelp(req.brand, req.body);
      req.auditDetail = { action: 'content.help.create', target: `help:${after.tag}`, after };
      return envelope(after);
    },
  );
  r.put(
    '/wps/admin/content/help/:tag',
    {
      config: site,
      schema: {
        tags,
        summary: 'Changes a help page',
        params: tagParam,
        body: helpInputSchema,
        response: { 200: ok(helpAdminSchema) },
      },
    },
    async (req) => {
      const { before, after } = await content.updateHelp(req.brand, req.params.tag, req.body);
      req.auditDetail = { action: 'content.help.update', target: `help:${after.tag}`, before, after };
      return envelope(after);
    },
  );
  r.delete(
    '/wps/admin/content/help/:tag',
    {
      config: site,
      schema: { tags, summary: 'Deletes a help page', params: tagParam, response: { 200: ok(done) } },
    },
    async (req) => {
      const before = await content.deleteHelp(req.brand, req.params.tag);
      req.auditDetail = { action: 'content.help.delete', target: `help:${before.tag}`, before, after: null };
      return envelope({ done: true });
    },
  );
  r.put(
    '/wps/admin/content/help-order',
    {
      config: site,
      schema: {
        tags,
        summary: 'Orders the help pages (every tag once)',
        body: helpOrderSchema,
        response: { 200: ok(done) },
      },
    },
    async (req) => {
      await content.orderHelp(req.brand, req.body.tags);
      req.auditDetail = { action: 'content.help.order', target: null, after: req.body.tags };
      return envelope({ done: true });
    },
  );

  // ---- footer ----

  r.get(
    '/wps/admin/content/footer',
    {
      config: site,
      schema: {
        tags,
        summary: 'The footer’s licence text and the social links',
        response: { 200: ok(footerSchema) },
      },
    },
    async (req) => envelope(await content.footer(req.brand)),
  );
  r.put(
    '/wps/admin/content/footer',
    {
      config: site,
      schema: {
        tags,
        summary: 'Changes the footer’s licence text and social links',
        body: footerSchema,
        response: { 200: ok(footerSchema) },
      },
    },
    async (req) => {
      const { before, after } = await content.setFooter(req.brand, req.body);
      req.auditDetail = { action: 'content.footer', target: `brand:${req.brand.code}`, before, after };
      return envelope(after);
    },
  );

  // ---- preview ----

  r.get(
    '/wps/admin/content/preview',
    {
      config: site,
      schema: {
        tags,
        summary:
          'What the site serves in a language at a moment (banners and notices), drafts optionally included',
        querystring: contentPreviewQuerySchema,
        response: { 200: ok(contentPreviewSchema) },
      },
    },
    async (req) =>
      envelope(
        await content.preview(
          req.brand,
          req.query.lang,
          req.query.at ? new Date(req.query.at) : null,
          req.query.drafts === 'true',
        ),
      ),
  );

  // ---- inbox broadcasts ----

  const messages = operatorRoute('content.messages');
  r.get(
    '/wps/admin/content/broadcasts',
    {
      config: messages,
      schema: {
        tags,
        summary: 'The brand’s inbox broadcasts, newest first',
        response: { 200: ok(broadcastListSchema) },
      },
    },
    async (req) => envelope({ list: await broadcasts.list(req.brand) }),
  );
  r.post(
    '/wps/admin/content/broadcasts/count',
    {
      config: messages,
      schema: {
        tags,
        summary: 'How many members a segment reaches now (and how many are left out on a break)',
        body: z.object({ segment: broadcastSegmentSchema }),
        response: { 200: ok(broadcastCountSchema) },
      },
    },
    async (req) => {
      const count = await broadcasts.count(req.brand, req.body.segment);
      req.auditDetail = {
        action: 'content.broadcast.count',
        target: null,
        after: { segment: req.body.segment, ...count },
      };
      return envelope(count);
    },
  );
  r.post(
    '/wps/admin/content/broadcasts',
    {
      config: messages,
      schema: {
        tags,
        summary: 'Schedules an inbox broadcast to a segment',
        body: broadcastInputSchema,
        response: { 200: ok(broadcastSchema) },
      },
    },
    async (req) => {
      const after = await broadcasts.create(req.brand, req.body, operatorName(req));
      req.auditDetail = { action: 'content.broadcast.create', target: `broadcast:${after.id}`, after };
      return envelope(after);
    },
  );
  r.post(
    '/wps/admin/content/broadcasts/:id/cancel',
    {
      config: messages,
      schema: {
        tags,
        summary: 'Cancels a broadcast not sent yet',
        params: z.object({ id: z.string().max(20) }),
        response: { 200: ok(broadcastSchema) },
      },
    },
    async (req) => {
      const after = await broadcasts.cancel(req.brand, req.params.id, operatorName(req));
      req.auditDetail = {
        action: 'content.broadcast.cancel',
        target: `broadcast:${after.id}`,
        before: { status: 'SCHEDULED' },
        after,
      };
      return envelope(after);
    },
  );
}
