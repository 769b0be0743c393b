import type { BrandResolver } from '../../platform/brand';
import {
  domainRouteSchema,
  helpCenterSchema,
  moduleNodeSchema,
  ok,
  registerRuleSchema,
  SERVED_COUNTRIES,
  serviceLinkQuerySchema,
  serviceLinkSchema,
  statusQuerySchema,
  systemStatusSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { closureOf } from '../../platform/request-context';
import type { SystemService } from './system.service';

export async function systemRoutes(app: FastifyInstance, opts: { system: SystemService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { system } = opts;

  r.get(
    '/wps/system/status',
    {
      config: { openWhenClosed: true },
      schema: {
        summary: 'Permission call: brand configuration and whether the site is open to this client',
        tags: ['system'],
        querystring: statusQuerySchema,
        response: { 200: ok(systemStatusSchema) },
      },
    },
    async (req) => envelope(await system.status(req.brand, req.lang, req.ip, await closureOf(req))),
  );

  r.get(
    '/wps/system/country',
    {
      schema: {
        summary: 'Countries the brand serves, with their dialing codes',
        tags: ['system'],
        response: {
          200: ok(z.array(z.object({ countryCode: z.string(), countryDialingCode: z.string() }))),
        },
      },
    },
    async (req) =>
      envelope(SERVED_COUNTRIES.filter((c) => !req.brand.blockedCountries.includes(c.countryCode))),
  );

  r.get(
    '/wps/system/whitelabel',
    { schema: { tags: ['system'], response: { 200: ok(z.array(moduleNodeSchema)) } } },
    async (req) => envelope(await system.whitelabel(req.brand)),
  );

  r.get(
    '/wps/system/setting/register',
    {
      schema: {
        summary: 'Registration field rules: enabled, required, pattern and length per field',
        tags: ['system'],
        response: { 200: ok(z.array(registerRuleSchema)) },
      },
    },
    async (req) => envelope(await system.registerRules(req.brand)),
  );

  r.get(
    '/wps/system/domainRoute',
    { schema: { tags: ['system'], response: { 200: ok(domainRouteSchema) } } },
    async (req) => envelope(await system.domainRoute(req.brand)),
  );

  r.get(
    '/wps/system/helpCenter',
    {
      config: { openWhenClosed: true },
      schema: { tags: ['system'], response: { 200: ok(helpCenterSchema) } },
    },
    async (req) => envelope(await system.helpCenter(req.brand, req.lang)),
  );

  r.get(
    '/wps/system/customerService',
    {
      // The session, when there is one, decides VIP service (rank level above 4) or live chat.
      config: { auth: 'optional' },
      schema: {
        summary:
          'Customer-service link (VIP service for a member ranked above 4, else live chat): the service window opens the first path of type 3, unscrambled',
        tags: ['system'],
        querystring: serviceLinkQuerySchema,
        response: { 200: ok(serviceLinkSchema) },
      },
    },
    async (req) =>
      envelope(await system.serviceLink(req.brand, req.query.csPosition, req.member?.memberId ?? null)),
  );
}

/**
 * The web app manifest of the brand the host belongs to, so each brand installs under its own
 * name (the PWA "lite app"). Not under /wps: browsers fetch it without our headers.
 */
export async function manifestRoute(app: FastifyInstance, opts: { brands: BrandResolver }) {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (req, reply) => {
    const brand = await opts.brands.resolve(undefined, req.host);
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'no-cache')
      .send({
        name: brand.name,
        short_name: brand.name,
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: brand.theme.light.headerBg,
        theme_color: brand.theme.light.headerBg,
        lang: brand.defaultLanguage.toLowerCase(),
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      });
  });
}
