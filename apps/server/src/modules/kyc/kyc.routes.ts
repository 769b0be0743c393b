import {
  KYC_DOCUMENT_KINDS,
  KYC_LIMITS,
  kycDecisionSchema,
  kycDocumentSchema,
  kycFlagInputSchema,
  kycMemberViewSchema,
  kycQueueAgesSchema,
  kycQueueSchema,
  kycReviewSchema,
  kycSettingsSchema,
  kycStatusSchema,
  kycSubmitSchema,
  ok,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { auditActor } from '../../platform/audit';
import { ok as envelope } from '../../platform/envelope';
import { operatorRoute } from '../../platform/operator-auth';
import type { KycService } from './kyc.service';

const tags = ['kyc'];
const adminTags = ['operator'];

/**
 * A body a little over the limit still reaches the service, which answers kyc.document.too.large
 * in the member's language; anything far larger Fastify refuses (413) unread.
 */
const UPLOAD_BODY_LIMIT = KYC_LIMITS.maxDocumentBytes + 64 * 1024;

const docParams = z.object({ id: z.string().max(64) });
const submissionParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const memberParams = z.object({ memberId: z.string().regex(/^\d{1,18}$/) });

/**
 * WARNING: identity documents are personal data: never cached by a browser or proxy, never sniffed
 * into something else, never at a public URL (each read is authorised, and audited for staff).
 */
function sendDocument(reply: FastifyReply, doc: { contentType: string; bytes: Uint8Array }) {
  // PGlite returns bytea as a Uint8Array, pg as a Buffer: send a Buffer either way.
  const bytes = Buffer.isBuffer(doc.bytes)
    ? doc.bytes
    : Buffer.from(doc.bytes.buffer, doc.bytes.byteOffset, doc.bytes.byteLength);
  return reply
    .type(doc.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/** The member centre's verification calls and the back office's review. */
export async function kycRoutes(app: FastifyInstance, opts: { kyc: KycService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { kyc } = opts;

  r.get(
    '/wps/member/kyc',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'The member’s verification: state, why it is required, documents, history',
        response: { 200: ok(kycStatusSchema) },
      },
    },
    async (req) => envelope(await kyc.status(req.brand, req.member!.memberId)),
  );
  await app.register(documentUploadRoutes, { kyc });
  r.post(
    '/wps/member/kyc/submit',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Submits the details as on the ID and one uploaded photo per document kind for review',
        body: kycSubmitSchema,
        response: { 200: ok(kycStatusSchema) },
      },
    },
    async (req) => envelope(await kyc.submit(req.brand, req.member!.memberId, req.body)),
  );
  r.get(
    '/wps/member/kyc/documents/:id',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'One of the member’s own document photos (raw bytes, not cached)',
        params: docParams,
      },
    },
    async (req, reply) =>
      sendDocument(reply, await kyc.document(req.brand.code, req.params.id, req.member!.memberId)),
  );

  // ---- operators -----------------------------------------------------------------------------

  r.get(
    '/wps/admin/kyc/settings',
    {
      config: operatorRoute('kyc.review'),
      schema: {
        tags: adminTags,
        summary: 'The brand’s verification rules',
        response: { 200: ok(kycSettingsSchema) },
      },
    },
    async (req) => envelope(await kyc.settings(req.brand.code)),
  );
  r.put(
    '/wps/admin/kyc/settings',
    {
      config: operatorRoute('brand.security'),
      schema: {
        tags: adminTags,
        summary: 'Changes when the brand requires verification (audited)',
        body: kycSettingsSchema,
        response: { 200: ok(kycSettingsSchema) },
      },
    },
    async (req) => {
      const { after } = await kyc.saveSettings(req.brand.code, req.body, auditActor(req));
      req.auditDetail = { written: true };
      return envelope(after);
    },
  );
  r.get(
    '/wps/admin/kyc/queue',
    {
      config: operatorRoute('kyc.review'),
      schema: {
        tags: adminTags,
        summary: 'Submissions oldest first (default: waiting for review), with the queue-age report',
        querystring: z.object({
          state: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'ALL']).default('PENDING'),
        }),
        response: { 200: ok(kycQueueSchema) },
      },
    },
    async (req) =>
      envelope(await kyc.queue(req.brand.code, req.query.state === 'ALL' ? undefined : req.query.state)),
  );
  r.get(
    '/wps/admin/kyc/report/queue-ages',
    {
      config: operatorRoute('kyc.review'),
      schema: {
        tags: adminTags,
        summary: 'Pending submissions by age: under 24 h, 1 to 3 days, over 3 days, and the oldest',
        response: { 200: ok(kycQueueAgesSchema) },
      },
    },
    async (req) => envelope(await kyc.queueAges(req.brand.code)),
  );
  r.get(
    '/wps/admin/kyc/submissions/:id',
    {
      config: operatorRoute('kyc.review', { auditRead: true }),
      schema: {
        tags: adminTags,
        summary: 'One submission beside the member’s profile and money totals (an audited read)',
        params: submissionParams,
        response: { 200: ok(kycReviewSchema) },
      },
    },
    async (req) => {
      const review = await kyc.review(req.brand, req.params.id);
      req.auditDetail = { action: 'kyc.review.read', target: `member:${review.member.id}` };
      return envelope(review);
    },
  );
  r.post(
    '/wps/admin/kyc/submissions/:id/decision',
    {
      config: operatorRoute('kyc.review'),
      schema: {
        tags: adminTags,
        summary:
          'Approves or rejects (with a reason) a waiting submission; approval releases held withdrawals',
        params: submissionParams,
        body: kycDecisionSchema,
        response: {
          200: ok(z.object({ state: z.enum(['APPROVED', 'REJECTED']), released: z.number().int() })),
        },
      },
    },
    async (req) => {
      const out = await kyc.decide(req.brand, req.params.id, req.body, auditActor(req));
      req.auditDetail = { written: true };
      return envelope(out);
    },
  );
  r.get(
    '/wps/admin/kyc/documents/:id',
    {
      config: operatorRoute('kyc.review', { auditRead: true }),
      schema: {
        tags: adminTags,
        summary: 'A document photo (raw bytes, not cached; an audited read)',
        params: docParams,
      },
    },
    async (req, reply) => {
      const doc = await kyc.document(req.brand.code, req.params.id, null);
      req.auditDetail = {
        action: 'kyc.document.read',
        target: `member:${doc.memberId}`,
        after: { document: req.params.id },
      };
      return sendDocument(reply, doc);
    },
  );
  r.get(
    '/wps/admin/kyc/members/:memberId',
    {
      config: operatorRoute('kyc.review', { auditRead: true }),
      schema: {
        tags: adminTags,
        summary: 'A member’s verification: state, flag, submissions and history (an audited read)',
        params: memberParams,
        response: { 200: ok(kycMemberViewSchema) },
      },
    },
    async (req) => {
      req.auditDetail = { action: 'kyc.member.read', target: `member:${req.params.memberId}` };
      return envelope(await kyc.memberView(req.brand, req.params.memberId));
    },
  );
  r.put(
    '/wps/admin/kyc/members/:memberId/flag',
    {
      config: operatorRoute('kyc.review'),
      schema: {
        tags: adminTags,
        summary: 'Sets or clears the member’s "require verification" flag (audited)',
        params: memberParams,
        body: kycFlagInputSchema,
        response: { 200: ok(kycMemberViewSchema) },
      },
    },
    async (req) => {
      const out = await kyc.setFlag(req.brand, req.params.memberId, req.body, auditActor(req));
      req.auditDetail = { written: true };
      return envelope(out);
    },
  );
}

/**
 * The upload takes the raw image as its body. Its parsers live in this encapsulated plugin only,
 * so every other route still refuses image bodies.
 */
async function documentUploadRoutes(app: FastifyInstance, opts: { kyc: KycService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Any declared type reaches the service, which decides by the bytes (a PNG sent as
  // application/octet-stream is still a PNG; a PDF sent as image/png is still refused).
  app.addContentTypeParser(
    [...KYC_LIMITS.documentTypes, 'application/octet-stream', 'application/pdf', 'image/gif', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  r.post(
    '/wps/member/kyc/documents/:kind',
    {
      config: { auth: 'real' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Uploads one document photo (raw PNG or JPEG body, at most 5 MB) as a draft',
        params: z.object({ kind: z.enum(KYC_DOCUMENT_KINDS) }),
        response: { 200: ok(kycDocumentSchema) },
      },
    },
    async (req) => {
      // A JSON or text body parses to something else: it is not an image.
      if (!Buffer.isBuffer(req.body)) throw new AppError('kyc.document.invalid');
      return envelope(await opts.kyc.upload(req.brand, req.member!.memberId, req.params.kind, req.body));
    },
  );
}
