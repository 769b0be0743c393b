import { ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { CALLBACK_ACTIONS, callbackResultSchema, VENDOR_SIGNATURE_HEADER } from './vendor-callback.schema';
import type { VendorCallbackService } from './vendor-callback.service';
import { operatorRoute } from '../../platform/operator-auth';

const BODY_LIMIT = 16 * 1024;

/**
 * The seamless-wallet callbacks of vendors. The signature covers the exact bytes sent, so this
 * plugin's JSON parser keeps the raw body and the service parses it after checking the signature.
 */
export async function vendorCallbackRoutes(app: FastifyInstance, opts: { callbacks: VendorCallbackService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/wps/admin/vendors/:vendor/secret',
    {
      config: operatorRoute('games.manage'),
      schema: {
        summary: 'Set a new random callback secret for a vendor of the brand and answer it (shown once)',
        tags: ['operator'],
        params: z.object({ vendor: z.string().regex(/^[A-Za-z0-9_]{1,40}$/) }),
        response: { 200: ok(z.object({ vendor: z.string(), secret: z.string() })) },
      },
    },
    async (req) => {
      const vendor = req.params.vendor.toUpperCase();
      return envelope({ vendor, secret: await opts.callbacks.rotateSecret(req.brand.code, vendor) });
    },
  );
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  r.post(
    '/wps/seamless/:vendor/:action',
    {
      // A vendor is no member, and rounds in play must still settle during maintenance.
      config: { openWhenClosed: true },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary:
          'Seamless wallet callback (balance, debit, credit, rollback): JSON body with account and ' +
          'timestamp, HMAC-SHA256 of the raw body (hex) in X-Signature, brand in Merchant',
        tags: ['vendors'],
        params: z.object({
          vendor: z.string().regex(/^[A-Za-z0-9_]{1,40}$/),
          action: z.enum(CALLBACK_ACTIONS),
        }),
        response: { 200: ok(callbackResultSchema) },
      },
    },
    async (req) =>
      envelope(
        await opts.callbacks.handle(
          req.brand,
          req.params.vendor,
          req.params.action,
          req.body,
          req.headers[VENDOR_SIGNATURE_HEADER],
        ),
      ),
  );
}
