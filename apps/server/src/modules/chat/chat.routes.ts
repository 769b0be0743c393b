import {
  CHAT_LIMITS,
  CHAT_TOKEN_HEADER,
  HEADERS,
  chatCannedListSchema,
  chatCannedQuerySchema,
  chatCannedRequestSchema,
  chatCannedSchema,
  chatImageSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatMessagesSchema,
  chatOpenRequestSchema,
  chatOpenResultSchema,
  chatQueueQuerySchema,
  chatQueueRowSchema,
  chatQueueSchema,
  chatReadRequestSchema,
  chatSearchQuerySchema,
  chatSearchSchema,
  chatSendRequestSchema,
  chatSettingsSchema,
  chatStaffConversationSchema,
  chatStaffSendRequestSchema,
  chatStatusSchema,
  chatUnreadSchema,
  ok,
} from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { auditActor } from '../../platform/audit';
import { ok as envelope } from '../../platform/envelope';
import { operatorRoute } from '../../platform/operator-auth';
import type { ChatCaller, ChatService, ChatStaff } from './chat.service';

const tags = ['chat'];
const adminTags = ['operator'];

/**
 * A body a little over the limit still reaches the service, which answers chat.image.too.large in
 * the caller's language; anything larger is refused by Fastify unread, with the same code.
 */
const UPLOAD_BODY_LIMIT = CHAT_LIMITS.imageMaxBytes + 64 * 1024;

const conversationParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const imageParams = z.object({ id: z.string().max(64) });
const cannedParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const readResultSchema = z.object({ unread: z.number().int() });
const staffViewQuery = chatMessagesQuerySchema;

/**
 * Who calls a player route. A member by its session (Authorization); else a visitor by its chat
 * token (CHAT_TOKEN_HEADER), which reaches its own conversation and nothing else. A session token
 * that no longer works is refused as on member routes, so the site learns its session ended
 * instead of being treated as a stranger.
 */
function callerOf(req: FastifyRequest): ChatCaller {
  if (req.member) return { kind: 'member', memberId: req.member.memberId, username: req.member.username };
  const header = req.headers[CHAT_TOKEN_HEADER];
  const token = typeof header === 'string' && header.trim() ? header.trim() : null;
  const session = req.headers[HEADERS.authorization];
  if (token === null && typeof session === 'string' && session.trim())
    throw new AppError('login.not.session');
  return { kind: 'visitor', token, ip: req.ip };
}

const staffOf = (req: FastifyRequest): ChatStaff => ({ principal: req.operator!, audit: auditActor(req) });

/**
 * WARNING: chat images are players' own pictures (receipts, documents): never cached by a proxy,
 * never sniffed into something else, never at a public URL (each read is authorised).
 */
function sendImage(reply: FastifyReply, image: { contentType: string; bytes: Buffer }) {
  return reply
    .type(image.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(image.bytes);
}

/** The chat's player calls (members and visitors) and the back office's chat desk. */
export async function chatRoutes(app: FastifyInstance, opts: { chat: ChatService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { chat } = opts;
  // Every player route reads the session if there is one; a visitor is recognised by its token.
  const player = { auth: 'optional' } as const;

  r.get(
    '/wps/chat/status',
    {
      schema: {
        tags,
        summary: 'Whether the brand’s chat is on and answers now, with its greeting and away message',
        response: { 200: ok(chatStatusSchema) },
      },
    },
    async (req) => envelope(await chat.status(req.brand, req.lang)),
  );
  r.post(
    '/wps/chat/open',
    {
      config: player,
      schema: {
        tags,
        summary:
          'The caller’s conversation not yet closed, or a new one (a visitor gives a nickname and gets its chat token once)',
        body: chatOpenRequestSchema,
        response: { 200: ok(chatOpenResultSchema) },
      },
    },
    async (req) => envelope(await chat.open(req.brand, req.lang, callerOf(req), req.body)),
  );
  r.get(
    '/wps/chat/messages',
    {
      config: player,
      schema: {
        tags,
        summary: 'The caller’s conversation and its messages after `after`, oldest first',
        querystring: chatMessagesQuerySchema,
        response: { 200: ok(chatMessagesSchema) },
      },
    },
    async (req) => envelope(await chat.messages(req.brand.code, callerOf(req), req.query.after)),
  );
  r.post(
    '/wps/chat/messages',
    {
      config: player,
      schema: {
        tags,
        summary: 'Sends text or an uploaded image to the caller’s conversation; idempotent on requestId',
        body: chatSendRequestSchema,
        response: { 200: ok(chatMessageSchema) },
      },
    },
    async (req) => envelope(await chat.send(req.brand.code, callerOf(req), req.body)),
  );
  r.post(
    '/wps/chat/read',
    {
      config: player,
      schema: {
        tags,
        summary: 'Marks the staff messages up to this id read; answers what is still unread',
        body: chatReadRequestSchema,
        response: { 200: ok(chatUnreadSchema) },
      },
    },
    async (req) => envelope(await chat.read(req.brand.code, callerOf(req), req.body.upTo)),
  );
  r.get(
    '/wps/chat/unread',
    {
      config: player,
      schema: {
        tags,
        summary: 'Staff messages the caller has not read in its conversation not yet closed (the badge)',
        response: { 200: ok(chatUnreadSchema) },
      },
    },
    async (req) => envelope(await chat.unread(req.brand.code, callerOf(req))),
  );
  r.get(
    '/wps/chat/images/:id',
    {
      config: player,
      schema: {
        tags,
        summary: 'An image of the caller’s conversation (raw bytes)',
        params: imageParams,
      },
    },
    async (req, reply) => sendImage(reply, await chat.image(req.brand.code, callerOf(req), req.params.id)),
  );

  // ---- the desk ------------------------------------------------------------------------------

  r.get(
    '/wps/admin/chat/queue',
    {
      config: operatorRoute('chat.answer'),
      schema: {
        tags: adminTags,
        summary: 'The brand’s conversations by status (default WAITING, the longest waiting first)',
        querystring: chatQueueQuerySchema,
        response: { 200: ok(chatQueueSchema) },
      },
    },
    async (req) => envelope(await chat.queue(req.brand.code, req.query, req.operator!)),
  );
  r.get(
    '/wps/admin/chat/search',
    {
      config: operatorRoute('chat.answer', { auditRead: true }),
      schema: {
        tags: adminTags,
        summary: 'The brand’s messages containing the words, newest first (an audited read)',
        querystring: chatSearchQuerySchema,
        response: { 200: ok(chatSearchSchema) },
      },
    },
    async (req) => {
      req.auditDetail = { action: 'chat.search', target: null, after: { query: req.query } };
      return envelope(await chat.search(req.brand, req.query));
    },
  );
  r.get(
    '/wps/admin/chat/canned',
    {
      config: operatorRoute('chat.answer'),
      schema: {
        tags: adminTags,
        summary: 'The brand’s canned replies (of one language, or all)',
        querystring: chatCannedQuerySchema,
        response: { 200: ok(chatCannedListSchema) },
      },
    },
    async (req) => envelope(await chat.canned(req.brand.code, req.query.lang)),
  );
  r.post(
    '/wps/admin/chat/canned',
    {
      config: operatorRoute('chat.settings'),
      schema: {
        tags: adminTags,
        summary: 'Adds a canned reply (audited)',
        body: chatCannedRequestSchema,
        response: { 200: ok(chatCannedSchema) },
      },
    },
    async (req) => {
      const out = await chat.createCanned(req.brand.code, req.body, auditActor(req));
      req.auditDetail = { written: true };
      return envelope(out);
    },
  );
  r.put(
    '/wps/admin/chat/canned/:id',
    {
      config: operatorRoute('chat.settings'),
      schema: {
        tags: adminTags,
        summary: 'Changes a canned reply (audited)',
        params: cannedParams,
        body: chatCannedRequestSchema,
        response: { 200: ok(chatCannedSchema) },
      },
    },
    async (req) => {
      const out = await chat.updateCanned(req.brand.code, req.params.id, req.body, auditActor(req));
      req.auditDetail = { written: true };
      return envelope(out);
    },
  );
  r.delete(
    '/wps/admin/chat/canned/:id',
    {
      config: operatorRoute('chat.settings'),
      schema: {
        tags: adminTags,
        summary: 'Deletes a canned reply (audited)',
        params: cannedParams,
        response: { 200: ok(z.object({ id: z.string() })) },
      },
    },
    async (req) => {
      await chat.deleteCanned(req.brand.code, req.params.id, auditActor(req));
      req.auditDetail = { written: true };
      return envelope({ id: req.params.id });
    },
  );
  r.get(
    '/wps/admin/chat/settings',
    {
      config: operatorRoute('chat.settings'),
      schema: {
        tags: adminTags,
        summary: 'The brand’s chat settings: switch, opening hours, greeting and away message',
        response: { 200: ok(chatSettingsSchema) },
      },
    },
    async (req) => envelope(await chat.settings(req.brand.code)),
  );
  r.put(
    '/wps/admin/chat/settings',
    {
      config: operatorRoute('chat.settings'),
      schema: {
        tags: adminTags,
        summary: 'Changes the brand’s chat settings (audited)',
        body: chatSettingsSchema,
        response: { 200: ok(chatSettingsSchema) },
      },
    },
    async (req) => {
      const out = await chat.saveSettings(req.brand.code, req.body, auditActor(req));
      req.auditDetail = { written: true };
      return envelope(out);
    },
  );
  r.get(
    '/wps/admin/chat/images/:id',
    {
      config: operatorRoute('chat.answer'),
      schema: {
        tags: adminTags,
        summary: 'An image of the brand’s chats (raw bytes)',
        params: imageParams,
      },
    },
    async (req, reply) => sendImage(reply, await chat.staffImage(req.brand.code, req.params.id)),
  );
  r.get(
    '/wps/admin/chat/:id',
    {
      config: operatorRoute('chat.answer'),
      schema: {
        tags: adminTags,
        summary:
          'One conversation, its messages after `after` and its player (opening it, without `after`, is an audited read)',
        params: conversationParams,
        querystring: staffViewQuery,
        response: { 200: ok(chatStaffConversationSchema) },
      },
    },
    async (req) => envelope(await chat.view(req.brand, req.params.id, req.query.after, auditActor(req))),
  );
  r.post(
    '/wps/admin/chat/:id/take',
    {
      config: operatorRoute('chat.answer'),
      schema: {
        tags: adminTags,
        summary: 'Takes a waiting conversation: the caller answers it from now on (audited)',
        params: conversationParams,
        response: { 200: ok(chatQueueRowSchema) },
      },
    },
    async (req) => {
      const out = await chat.take(req.brand, req.params.id, staffOf(req));
      req.auditDetail = { written: true };
      return envelope(out);
    },
  );
  r.post(
    '/wps/admin/chat/:id/messages',
    {
      config: operatorRoute('chat.answer'),
      schema: {
        tags: adminTags,
        summary:
          'Answers a conversation the caller has taken (a waiting one is taken first); idempotent on requestId (audited)',
        params: conversationParams,
        body: chatStaffSendRequestSchema,
        response: { 200: ok(chatMessageSchema) },
      },
    },
    async (req) => {
      const out = await chat.staffSend(req.brand, req.params.id, req.body, staffOf(req));
      req.auditDetail = { written: true };
      return envelope(out);
    },
  );
  r.post(
    '/wps/admin/chat/:id/read',
    {
      config: operatorRoute('chat.answer'),
      schema: {
        tags: adminTags,
        summary: 'Marks the player’s messages up to this id read (audited when it moves)',
        params: conversationParams,
        body: chatReadRequestSchema,
        response: { 200: ok(readResultSchema) },
      },
    },
    async (req) => {
      const out = await chat.staffRead(req.brand, req.params.id, req.body.upTo, auditActor(req));
      req.auditDetail = { written: true };
      return envelope(out);
    },
  );
  r.post(
    '/wps/admin/chat/:id/close',
    {
      config: operatorRoute('chat.answer'),
      schema: {
        tags: adminTags,
        summary: 'Ends a conversation; the player’s next open starts another (audited)',
        params: conversationParams,
        response: { 200: ok(chatQueueRowSchema) },
      },
    },
    async (req) => {
      const out = await chat.close(req.brand, req.params.id, staffOf(req));
      req.auditDetail = { written: true };
      return envelope(out);
    },
  );

  await app.register(imageUploadRoutes, { chat });
}

/**
 * The uploads take the raw image as their body. Their parsers live in this encapsulated plugin
 * only, so every other route still refuses image bodies; a body over Fastify's limit is answered
 * with the chat's own code rather than a bare request.invalid.
 */
async function imageUploadRoutes(app: FastifyInstance, opts: { chat: ChatService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { chat } = opts;
  // Any declared type reaches the service, which decides by the bytes (a PNG sent as
  // application/octet-stream is still a PNG; a GIF sent as image/png is still refused).
  app.addContentTypeParser(
    [...CHAT_LIMITS.imageTypes, 'application/octet-stream', 'image/gif', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  app.setErrorHandler((error: FastifyError, _req, _reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError('chat.image.too.large', undefined, [CHAT_LIMITS.imageMaxBytes / 1024 / 1024]);
    // The app's handler (envelope) answers everything else.
    throw error;
  });
  r.post(
    '/wps/chat/images',
    {
      config: { auth: 'optional' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Uploads an image to the caller’s conversation (raw PNG or JPEG body, at most 5 MB)',
        response: { 200: ok(chatImageSchema) },
      },
    },
    async (req) => {
      // A JSON or text body parses to something else: it is not an image.
      if (!Buffer.isBuffer(req.body)) throw new AppError('chat.image.invalid');
      return envelope(await chat.uploadImage(req.brand.code, callerOf(req), req.body));
    },
  );
  r.post(
    '/wps/admin/chat/images',
    {
      config: operatorRoute('chat.answer'),
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: adminTags,
        summary: 'Uploads an image to send in an answer (raw PNG or JPEG body, at most 5 MB; audited)',
        response: { 200: ok(chatImageSchema) },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('chat.image.invalid');
      const out = await chat.staffUpload(req.brand.code, req.operator!, req.body);
      req.auditDetail = { action: 'chat.image.upload', target: `chat-image:${out.imageId}` };
      return envelope(out);
    },
  );
}
