import { ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { ok as envelope, sendFailure } from '../../platform/envelope';
import { isLoopback } from '../../platform/loopback';
import type { CaptchaService } from './captcha.service';
import type { VerificationService } from './verification.service';

/** The captcha image, the brand's GeeTest id, and (development only) the outbox of codes sent. */
export async function verificationRoutes(
  app: FastifyInstance,
  opts: {
    captcha: CaptchaService;
    codes: VerificationService;
    /** Serve the dev outbox (config.DEV_ROUTES, never in production). */
    devOutbox: boolean;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Listed with the login calls in the API document, where clients look for them.
  const tags = ['session'];

  r.get(
    '/wps/captcha',
    {
      schema: {
        summary: 'Captcha image (base64 PNG), bound to the caller',
        tags,
        response: { 200: ok(z.string()) },
      },
    },
    async (req) => envelope(await opts.captcha.issue(req.brand.code, req.ip)),
  );

  // Brands that use GeeTest give its captcha id; for the others this is a clear refusal, not a 404.
  r.get(
    '/wps/captcha/geetest',
    {
      schema: {
        summary: 'The brand’s GeeTest captcha id (value.gt); system.feature.disabled where it has none',
        tags,
        querystring: z.object({ product: z.string().max(40).optional(), t: z.string().max(20).optional() }),
        response: { 200: ok(z.object({ gt: z.string() })) },
      },
    },
    async (req) => {
      if (!req.brand.geetestId) throw new AppError('system.feature.disabled');
      return envelope({ gt: req.brand.geetestId });
    },
  );

  // WARNING: development only. Without DEV_ROUTES the route does not exist at all, and even with it
  // it answers only a client on this machine: the socket's address, never X-Forwarded-For, which a
  // trusted proxy would pass on from anyone.
  if (opts.devOutbox) {
    r.get(
      '/wps/dev/outbox',
      {
        schema: {
          summary: 'Development: SMS and e-mail messages that would have been sent',
          tags: ['development'],
          querystring: z.object({ target: z.string().max(120).optional() }),
          response: {
            200: ok(
              z.array(
                z.object({
                  channel: z.string(),
                  target: z.string(),
                  body: z.string(),
                  createdTime: z.string(),
                }),
              ),
            ),
          },
        },
      },
      async (req, reply) => {
        if (!isLoopback(req.socket.remoteAddress)) return sendFailure(req, reply, 'system.not.found', 404);
        const rows = await opts.codes.outbox(req.brand.code, req.query.target);
        return envelope(
          rows.map((m) => ({
            channel: m.channel,
            target: m.target,
            body: m.body,
            createdTime: m.created_at.toISOString(),
          })),
        );
      },
    );
  }
}
