import {
  brandChangeSchema,
  brandSettingsSchema,
  brandSummarySchema,
  createBrandSchema,
  maintenanceStateSchema,
  maintenanceWindowInputSchema,
  maintenanceWindowSchema,
  ok,
  regionRulesSchema,
  setupRequestSchema,
  setupResultSchema,
  setupStateSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { BrandResolver } from '../../platform/brand';
import { wordmarkSvg } from './brand-logo';
import type { BrandsService } from './brands.service';
import type { MaintenanceService } from './maintenance.service';
import type { SetupService } from './setup.service';

const tags = ['admin'];

interface Opts {
  resolver: BrandResolver;
  brands: BrandsService;
  maintenance: MaintenanceService;
  setup: SetupService;
}

/**
 * The back office's brands: the platform's list and brand creation (platform owners), the
 * request brand's settings with a preview of what players will notice, its maintenance windows
 * and region rules, and the first owner's set-up on an empty platform.
 */
export async function brandsRoutes(app: FastifyInstance, opts: Opts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { brands, maintenance, setup } = opts;

  r.get(
    '/wps/admin/brands',
    {
      config: operatorRoute('system.manage', { platform: true }),
      schema: {
        tags,
        summary: 'Every brand of the platform',
        response: { 200: ok(z.array(brandSummarySchema)) },
      },
    },
    async () => envelope(await brands.list()),
  );

  r.post(
    '/wps/admin/brands',
    {
      config: operatorRoute('system.manage', { platform: true }),
      schema: {
        tags,
        summary: 'Creates a brand with working defaults for everything its site reads',
        body: createBrandSchema,
        response: { 200: ok(brandSettingsSchema) },
      },
    },
    async (req) => {
      const created = await brands.create(req.body, operatorName(req));
      req.auditDetail = {
        action: 'brand.create',
        target: `merchant:${req.body.code}`,
        before: null,
        after: created,
      };
      return envelope(created);
    },
  );

  r.get(
    '/wps/admin/brand/settings',
    {
      config: operatorRoute('brand.settings'),
      schema: {
        tags,
        summary: 'Every brand switch the site reads',
        response: { 200: ok(brandSettingsSchema) },
      },
    },
    async (req) => envelope(await brands.settings(req.brand.code)),
  );

  r.post(
    '/wps/admin/brand/settings/preview',
    {
      config: operatorRoute('brand.settings'),
      schema: {
        tags,
        summary: 'What saving these settings would change for players (nothing is saved)',
        body: brandSettingsSchema,
        response: { 200: ok(z.object({ changes: z.array(brandChangeSchema) })) },
      },
    },
    async (req) => {
      const changes = await brands.preview(req.brand.code, req.body);
      // A preview changes nothing: its audit row says so.
      req.auditDetail = {
        action: 'brand.settings.preview',
        target: `merchant:${req.brand.code}`,
        after: { changes },
      };
      return envelope({ changes });
    },
  );

  r.put(
    '/wps/admin/brand/settings',
    {
      config: operatorRoute('brand.settings'),
      schema: {
        tags,
        summary: 'Saves every brand switch at once (audited with before and after)',
        body: brandSettingsSchema,
        response: {
          200: ok(z.object({ settings: brandSettingsSchema, changes: z.array(brandChangeSchema) })),
        },
      },
    },
    async (req) => {
      const { before, after, changes } = await brands.save(req.brand.code, req.body);
      req.auditDetail = { action: 'brand.settings', target: `merchant:${req.brand.code}`, before, after };
      return envelope({ settings: after, changes });
    },
  );

  r.get(
    '/wps/admin/brand/maintenance',
    {
      config: operatorRoute('brand.maintenance'),
      schema: {
        tags,
        summary: 'The maintenance switch and the scheduled windows',
        response: { 200: ok(maintenanceStateSchema) },
      },
    },
    async (req) => envelope(await maintenance.state(req.brand)),
  );

  r.put(
    '/wps/admin/brand/maintenance',
    {
      config: operatorRoute('brand.maintenance'),
      schema: {
        tags,
        summary: 'Switches maintenance on now (optionally until a time) or off',
        body: z.object({
          on: z.boolean(),
          endTime: z.iso.datetime({ offset: true }).nullable().default(null),
        }),
        response: { 200: ok(maintenanceStateSchema) },
      },
    },
    async (req) => {
      const { before, after } = await maintenance.setSwitch(req.brand, req.body.on, req.body.endTime);
      req.auditDetail = {
        action: 'brand.maintenance.switch',
        target: `merchant:${req.brand.code}`,
        before,
        after,
      };
      return envelope(await maintenance.state(req.brand));
    },
  );

  r.post(
    '/wps/admin/brand/maintenance/windows',
    {
      config: operatorRoute('brand.maintenance'),
      schema: {
        tags,
        summary: 'Schedules a maintenance window with its message and allowed members',
        body: maintenanceWindowInputSchema,
        response: { 200: ok(maintenanceWindowSchema) },
      },
    },
    async (req) => {
      const window = await maintenance.schedule(req.brand, req.body, operatorName(req));
      req.auditDetail = {
        action: 'brand.maintenance.schedule',
        target: `maintenance_window:${window.id}`,
        before: null,
        after: window,
      };
      return envelope(window);
    },
  );

  r.delete(
    '/wps/admin/brand/maintenance/windows/:id',
    {
      config: operatorRoute('brand.maintenance'),
      schema: {
        tags,
        summary: 'Cancels a window that is not over yet',
        params: z.object({ id: z.string().max(20) }),
        response: { 200: ok(maintenanceWindowSchema) },
      },
    },
    async (req) => {
      const window = await maintenance.cancel(req.brand, req.params.id, operatorName(req));
      req.auditDetail = {
        action: 'brand.maintenance.cancel',
        target: `maintenance_window:${window.id}`,
        before: { ...window, cancelledAt: null, cancelledBy: null },
        after: window,
      };
      return envelope(window);
    },
  );

  r.get(
    '/wps/admin/brand/regions',
    {
      config: operatorRoute('brand.maintenance'),
      schema: { tags, summary: 'Countries allowed and refused', response: { 200: ok(regionRulesSchema) } },
    },
    async (req) => envelope(await maintenance.regions(req.brand)),
  );

  r.put(
    '/wps/admin/brand/regions',
    {
      config: operatorRoute('brand.maintenance'),
      schema: {
        tags,
        summary: 'Sets the countries allowed (empty: all) and refused (audited with before and after)',
        body: regionRulesSchema,
        response: { 200: ok(regionRulesSchema) },
      },
    },
    async (req) => {
      const { before, after } = await maintenance.setRegions(req.brand, req.body);
      req.auditDetail = { action: 'brand.regions', target: `merchant:${req.brand.code}`, before, after };
      return envelope(after);
    },
  );

  // A new brand's logo until it has an image: outside the API (an <img> sends no Merchant header).
  r.get(
    '/brand-logo/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[A-Z0-9_]{2,20}\.svg$/) }) } },
    async (req, reply) => {
      const brand = await opts.resolver.resolve(req.params.file.slice(0, -4), undefined);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=60')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(wordmarkSvg(brand));
    },
  );

  // An app download's QR code, drawn from the address staff set: outside the API, like the logo.
  r.get(
    '/app-qr/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[A-Z0-9_]{2,20}-[A-Z0-9_]{1,20}\.svg$/) }),
      },
    },
    async (req, reply) => {
      const [code, type] = req.params.file.slice(0, -4).split('-') as [string, string];
      const svg = await brands.appQrSvg(code, type);
      if (svg === null) return reply.code(404).send();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=60')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(svg);
    },
  );

  // The first owner's set-up: open to anyone, useful only with the token the server printed.
  r.get(
    '/wps/admin/setup',
    {
      config: { openWhenClosed: true },
      schema: {
        tags,
        summary: 'Whether the platform still needs its first owner',
        response: { 200: ok(setupStateSchema) },
      },
    },
    async () => envelope({ needed: await setup.needed() }),
  );

  r.post(
    '/wps/admin/setup',
    {
      config: { openWhenClosed: true },
      schema: {
        tags,
        summary: 'Creates the first platform owner with the set-up token printed at start-up (once)',
        body: setupRequestSchema,
        response: { 200: ok(setupResultSchema) },
      },
    },
    async (req) => envelope(await setup.complete(req.body, req.ip)),
  );
}
