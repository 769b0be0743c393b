import {
  domainRouteSchema,
  helpCenterSchema,
  moduleNodeSchema,
  ok,
  serviceLinkQuerySchema,
  serviceLinkSchema,
  statusQuerySchema,
  systemStatusSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
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
    async (req) => envelope(await system.status(req.brand, req.lang, req.ip)),
  );

  r.get(
    '/wps/system/whitelabel',
    { schema: { tags: ['system'], response: { 200: ok(z.array(moduleNodeSchema)) } } },
    async (req) => envelope(await system.whitelabel(req.brand)),
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
      schema: {
        summary: 'Customer-service link: the service window opens the first path of type 3, unscrambled',
        tags: ['system'],
        querystring: serviceLinkQuerySchema,
        response: { 200: ok(serviceLinkSchema) },
      },
    },
    async (req) => envelope(await system.serviceLink(req.brand, req.query.csPosition)),
  );
}
