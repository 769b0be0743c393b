import {
  adminReasonSchema,
  CASHIER_LIMITS,
  depositListQuerySchema,
  depositListSchema,
  depositQueueSchema,
  depositRequestSchema,
  depositSchema,
  ok,
  paymentChannelsSchema,
  uploadedImageSchema,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { ok as envelope } from '../../platform/envelope';
import type { ImageService } from '../uploads';
import {
  AFTER_PAYMENT_URL,
  DEMO_CALLBACK_PATH,
  DemoGateway,
  GATEWAY_PAGE_CSP,
  SIGNATURE_HEADER,
} from './demo-gateway';
import type { IdempotencyStore } from './idempotency';
import {
  callbackResultSchema,
  type DecisionAudit,
  depositQueueQuerySchema,
  type DepositService,
} from './deposit.service';
import { auditActor, writeAudit } from '../../platform/audit';
import { operatorName, operatorRoute } from '../../platform/operator-auth';

interface DepositRouteOptions {
  deposits: DepositService;
  images: ImageService;
  /** The Idempotency-Key answers of the operator's decisions. */
  idempotency: IdempotencyStore;
  /** Serve the demo gateway's pay page (config.DEMO_GATEWAY). */
  demoGateway: boolean;
}

/**
 * An image body may be a little over the image limit, so the service sees a 5 MB + 1 byte upload
 * and answers cashier.image.too.large itself; anything far larger Fastify refuses (413) unread.
 */
const UPLOAD_BODY_LIMIT = CASHIER_LIMITS.maxImageBytes + 64 * 1024;
/** A gateway notification is a few hundred bytes. */
const CALLBACK_BODY_LIMIT = 16 * 1024;

const tags = ['cashier'];
const adminTags = ['operator'];
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const imageParams = z.object({ id: z.string().max(64) });
const orderParams = z.object({ orderNo: z.string().max(64) });

function sendImage(reply: FastifyReply, image: { contentType: string; bytes: Uint8Array }) {
  // PGlite returns bytea as a Uint8Array, pg as a Buffer: send a Buffer either way.
  const bytes = Buffer.isBuffer(image.bytes)
    ? image.bytes
    : Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength);
  return reply
    .type(image.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/** Deposits, receipts, gateway notifications, the operator's review, and the demo gateway. */
export async function depositRoutes(app: FastifyInstance, opts: DepositRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deposits, images } = opts;

  r.get(
    '/wps/cashier/channels',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'Deposit channels of the brand',
        tags,
        response: { 200: ok(paymentChannelsSchema) },
      },
    },
    async (req) => envelope(await deposits.channels(req.brand, req.lang)),
  );

  r.post(
    '/wps/cashier/deposit',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'Make a deposit order (idempotent on requestId); no money moves yet',
        tags,
        body: depositRequestSchema,
        response: { 200: ok(depositSchema) },
      },
    },
    async (req) =>
      envelope(
        await deposits.create(
          req.brand,
          req.lang,
          req.member!.memberId,
          req.body,
          `${req.protocol}://${req.host}`,
        ),
      ),
  );

  r.get(
    '/wps/cashier/deposits',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'The member’s deposits, newest first',
        tags,
        querystring: depositListQuerySchema,
        response: { 200: ok(depositListSchema) },
      },
    },
    async (req) => envelope(await deposits.list(req.brand, req.lang, req.member!.memberId, req.query)),
  );

  r.get(
    '/wps/cashier/images/:id',
    {
      config: { auth: 'real' },
      schema: { summary: 'One of the member’s own uploaded images (raw bytes)', tags, params: imageParams },
    },
    async (req, reply) =>
      sendImage(reply, await images.get(req.brand.code, req.params.id, req.member!.memberId)),
  );

  // ---- operators -----------------------------------------------------------------------------------

  r.get(
    '/wps/admin/deposits',
    {
      config: operatorRoute('cashier.deposits.view'),
      schema: {
        summary:
          'The deposit queue of the brand (Merchant header), newest first: filters, receipts, the gateway status',
        tags: adminTags,
        querystring: depositQueueQuerySchema,
        response: { 200: ok(depositQueueSchema) },
      },
    },
    async (req) => envelope(await deposits.queue(req.brand, req.lang, req.query)),
  );

  r.post(
    '/wps/admin/deposits/:id/approve',
    {
      config: operatorRoute('cashier.deposits.decide'),
      schema: {
        summary: 'Approve a PENDING deposit and credit the member',
        tags: adminTags,
        params: idParams,
        response: { 200: ok(depositSchema) },
      },
    },
    async (req) =>
      envelope(
        await opts.idempotency.run(req, 'deposits.approve', () =>
          deposits.approve(
            req.brand,
            req.lang,
            req.params.id,
            operatorName(req),
            decisionAudit(req, 'deposits.approve'),
          ),
        ),
      ),
  );

  r.post(
    '/wps/admin/deposits/:id/reject',
    {
      config: operatorRoute('cashier.deposits.decide'),
      schema: {
        summary: 'Reject a PENDING deposit with a reason',
        tags: adminTags,
        params: idParams,
        body: adminReasonSchema,
        response: { 200: ok(depositSchema) },
      },
    },
    async (req) =>
      envelope(
        await opts.idempotency.run(req, 'deposits.reject', () =>
          deposits.reject(
            req.brand,
            req.lang,
            req.params.id,
            operatorName(req),
            req.body.reason,
            decisionAudit(req, 'deposits.reject'),
          ),
        ),
      ),
  );

  r.get(
    '/wps/admin/images/:id',
    {
      config: operatorRoute('cashier.deposits.view'),
      schema: { summary: 'An uploaded receipt or proof (raw bytes)', tags: adminTags, params: imageParams },
    },
    async (req, reply) => sendImage(reply, await images.get(req.brand.code, req.params.id, null)),
  );

  await app.register(imageUploadRoutes, { images });
  await app.register(callbackRoutes, { deposits });
  if (opts.demoGateway) await app.register(demoGatewayRoutes, { gateway: new DemoGateway(deposits) });
}

/**
 * The upload takes the raw image as its body. Its parsers live in this encapsulated plugin only,
 * so every other route still refuses image bodies.
 */
async function imageUploadRoutes(app: FastifyInstance, opts: { images: ImageService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    [...CASHIER_LIMITS.imageTypes],
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  r.post(
    '/wps/cashier/images',
    {
      config: { auth: 'real' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        summary: 'Upload a receipt or proof: the raw PNG or JPEG as the body (at most 5 MB)',
        tags,
        response: { 200: ok(uploadedImageSchema) },
      },
    },
    async (req) => {
      // A JSON or text body parses to something else: it is not an image.
      if (!Buffer.isBuffer(req.body)) throw new AppError('cashier.image.invalid');
      return envelope(await opts.images.upload(req.brand.code, req.member!.memberId, req.body));
    },
  );
}

/**
 * Gateway notifications. The signature covers the exact bytes sent, so this plugin's JSON parser
 * keeps the raw body (a Buffer) and the service parses it only after checking the signature.
 */
async function callbackRoutes(app: FastifyInstance, opts: { deposits: DepositService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  r.post(
    '/wps/cashier/callback/:gateway',
    {
      // The gateway is no member, and money paid during maintenance must still be credited.
      config: { openWhenClosed: true },
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        summary:
          'Payment provider notification, checked by the provider’s adapter over the raw body and ' +
          'headers (DEMO: HMAC-SHA256 hex in X-Signature; XENDIT: x-callback-token)',
        tags,
        params: z.object({ gateway: z.string().max(20) }),
        response: { 200: ok(callbackResultSchema) },
      },
    },
    async (req) =>
      envelope(await opts.deposits.callback(req.brand, req.params.gateway, req.body, req.headers)),
  );
}

/**
 * The demo gateway's pages. /gateway/... is not an API path (no brand, no session): the order is
 * found by its number. Pay and cancel play the provider's server: they sign a notification and
 * deliver it to our own callback, then send the member back to the site.
 */
async function demoGatewayRoutes(app: FastifyInstance, opts: { gateway: DemoGateway }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { gateway } = opts;

  r.get('/gateway/demo/:orderNo', { schema: { hide: true, params: orderParams } }, async (req, reply) => {
    const page = await gateway.page(req.params.orderNo);
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', GATEWAY_PAGE_CSP)
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .send(page.html);
  });

  for (const [action, status] of [
    ['pay', 'SUCCESS'],
    ['fail', 'FAILED'],
  ] as const) {
    r.post(
      `/gateway/demo/:orderNo/${action}`,
      // The page's buttons post empty HTML forms.
      { config: { formBody: true }, schema: { hide: true, params: orderParams } },
      async (req, reply) => {
        const notification = await gateway.notification(req.params.orderNo, status);
        if (notification) {
          const res = await app.inject({
            method: 'POST',
            url: DEMO_CALLBACK_PATH,
            headers: {
              'content-type': 'application/json',
              merchant: notification.merchant,
              [SIGNATURE_HEADER]: notification.signature,
            },
            payload: notification.body,
          });
          if (res.statusCode !== 200)
            req.log.warn({ status: res.statusCode, body: res.body }, 'demo gateway notification refused');
        }
        return reply.redirect(AFTER_PAYMENT_URL, 303);
      },
    );
  }
}

/** A deposit decision's audit row (status before and after, the reason), in its transaction. */
function decisionAudit(req: FastifyRequest<{ Params: { id: string } }>, action: string): DecisionAudit {
  return async (trx, before, after) => {
    await writeAudit(trx, auditActor(req), {
      merchant: req.brand.code,
      action,
      target: `deposit:${req.params.id}`,
      before,
      after,
    });
    req.auditDetail = { written: true };
  };
}
