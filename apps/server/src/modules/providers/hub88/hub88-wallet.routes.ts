import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HUB88_SIGNATURE_HEADER } from './hub88.signature';
import { HUB88_WALLET_ACTIONS } from './hub88-wallet.schema';
import type { Hub88WalletService } from './hub88-wallet.service';

const BODY_LIMIT = 16 * 1024;

/**
 * Hub88's Wallet API calls, one route per documented path under the brand's base URL
 * (`/wps/hub88/<BRAND>` is the URL the operator gives Hub88). The signature covers the exact
 * bytes sent, so this plugin's JSON parser keeps the raw body; the answer is always HTTP 200
 * with Hub88's status in the body and our signature in X-Hub88-Signature.
 */
export async function hub88WalletRoutes(app: FastifyInstance, opts: { wallet: Hub88WalletService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  for (const action of HUB88_WALLET_ACTIONS) {
    r.post(
      `/wps/hub88/:merchant/${action}`,
      {
        // Hub88 is no member, and rounds in play must still settle during maintenance.
        config: { openWhenClosed: true },
        bodyLimit: BODY_LIMIT,
        schema: {
          summary: `Hub88 Wallet API ${action}: JSON signed with RSA-SHA256 (base64) in X-Hub88-Signature`,
          tags: ['vendors'],
          params: z.object({ merchant: z.string().regex(/^[A-Z0-9_]{2,20}$/) }),
        },
      },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await opts.wallet.handle(
          req.params.merchant,
          action,
          raw,
          req.headers[HUB88_SIGNATURE_HEADER],
        );
        if (answer.signature) reply.header('X-Hub88-Signature', answer.signature);
        return reply.code(200).type('application/json').send(answer.body);
      },
    );
  }
}
