import { announcementsQuerySchema, announcementsSchema, ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { AnnouncementService } from './announcement.service';

export async function announcementRoutes(app: FastifyInstance, opts: { announcements: AnnouncementService }) {
  // CCSFE_ is the name other real clients use for the same call.
  for (const url of ['/wps/relay/MCSFE_getListAnnouncements', '/wps/relay/CCSFE_getListAnnouncements'])
    app.withTypeProvider<ZodTypeProvider>().get(
      url,
      {
        schema: {
          summary: 'Banners and notices: types B (banners), PL (player), PU (popup), PR (promotion)',
          tags: ['messages'],
          querystring: announcementsQuerySchema,
          response: { 200: ok(announcementsSchema) },
        },
      },
      async (req) => envelope(await opts.announcements.list(req.brand, req.lang, req.query.types)),
    );
}
