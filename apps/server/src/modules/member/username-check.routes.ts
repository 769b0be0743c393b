import { ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import type { UsernameCheckService } from './username-check.service';

export async function usernameCheckRoutes(app: FastifyInstance, opts: { checks: UsernameCheckService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/wps/check/username',
    {
      schema: {
        summary:
          'Whether a username is free: success when free, member.account.used when taken (throttled per IP)',
        tags: ['member'],
        querystring: z.object({ username: z.string().trim().min(1).max(64) }),
        response: { 200: ok(z.boolean()) },
      },
    },
    async (req) => {
      await opts.checks.check(req.brand, req.query.username, req.ip);
      return envelope(true);
    },
  );
}
