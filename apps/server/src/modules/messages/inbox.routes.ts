import {
  adminNoticeResultSchema,
  adminNoticeSchema,
  inboxDeleteResultSchema,
  inboxDeleteSchema,
  inboxListSchema,
  inboxQuerySchema,
  inboxReadResultSchema,
  inboxReadSchema,
  ok,
  unreadCountSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { InboxService } from './inbox.service';
import { operatorRoute } from '../../platform/operator-auth';
import { requestedLanguage } from '../../platform/request-context';

/** The member's inbox (messages about its money, rewards, contracts, operator notices) and the operator's notices. */
export async function inboxRoutes(app: FastifyInstance, opts: { inbox: InboxService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inbox } = opts;
  const tags = ['inbox'];
  const config = { auth: 'real' } as const;

  r.get(
    '/wps/member/messages',
    {
      config,
      schema: {
        summary: 'The member’s messages, newest first',
        tags,
        querystring: inboxQuerySchema,
        response: { 200: ok(inboxListSchema) },
      },
    },
    async (req) => {
      // Only a language the brand offers counts as asked for; else req.lang is the brand default.
      const asked = requestedLanguage(req).lang === req.lang ? req.lang : undefined;
      return envelope(
        await inbox.list(
          req.brand,
          req.member!.memberId,
          req.query.pageNo,
          req.query.pageSize,
          asked,
          req.lang,
        ),
      );
    },
  );

  r.post(
    '/wps/member/messages/read',
    {
      config,
      schema: {
        summary: 'Mark one message read, or all of them when no id is sent',
        tags,
        body: inboxReadSchema,
        response: { 200: ok(inboxReadResultSchema) },
      },
    },
    async (req) => envelope({ updated: await inbox.markRead(req.member!.memberId, req.body.id ?? null) }),
  );

  r.post(
    '/wps/member/messages/delete',
    {
      config,
      schema: {
        summary: 'Delete messages by id, or every message already read ({ allRead: true })',
        tags,
        body: inboxDeleteSchema,
        response: { 200: ok(inboxDeleteResultSchema) },
      },
    },
    async (req) => envelope({ deleted: await inbox.delete(req.member!.memberId, req.body) }),
  );

  r.post(
    '/wps/admin/messages',
    {
      config: operatorRoute('content.messages'),
      schema: {
        summary:
          'Send a notice (kind SYSTEM) to some members by username, or to every member ({ all: true })',
        tags: ['operator'],
        body: adminNoticeSchema,
        response: { 200: ok(adminNoticeResultSchema) },
      },
    },
    async (req) =>
      envelope({
        sent: await inbox.notice(
          req.brand.code,
          req.body.usernames ? { usernames: req.body.usernames } : 'ALL',
          { title: req.body.title, content: req.body.content },
        ),
      }),
  );

  r.get(
    '/wps/relay/CSP_unreadCount',
    {
      config,
      schema: { summary: 'How many messages are unread', tags, response: { 200: ok(unreadCountSchema) } },
    },
    async (req) => envelope({ count: await inbox.unreadCount(req.member!.memberId) }),
  );
}
