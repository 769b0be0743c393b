import { ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { ok as envelope } from '../../platform/envelope';
import type { ProviderPayoutService } from './xendit-payouts.service';

/** A payout notification is a few hundred bytes (Xendit's payout webhook about 1 KB). */
const CALLBACK_BODY_LIMIT = 16 * 1024;

const payoutCallbackResultSchema = z.object({ received: z.literal(true), repeat: z.boolean() });

/**
 * Payment providers' payout notifications. The body is kept as the exact bytes received: the
 * provider's adapter authenticates them (Xendit: the x-callback-token header, compared in
 * constant time) before anything in them is believed. The brand is the one the request names
 * (Merchant header, else its host: the webhook URL set in the provider's dashboard).
 */
export async function providerPayoutRoutes(app: FastifyInstance, opts: { payouts: ProviderPayoutService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  r.post(
    '/wps/cashier/payout-callback/:provider',
    {
      // The provider is no member, and money returned during maintenance must still come back.
      config: { openWhenClosed: true },
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        summary:
          'Payment provider payout notification (Xendit: payout webhook with x-callback-token); ' +
          'idempotent by event id and by payout reference',
        tags: ['cashier'],
        params: z.object({ provider: z.string().regex(/^[A-Z0-9_]{2,32}$/) }),
        response: { 200: ok(payoutCallbackResultSchema) },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('request.invalid');
      return envelope(await opts.payouts.notification(req.brand, req.params.provider, req.body, req.headers));
    },
  );
}
