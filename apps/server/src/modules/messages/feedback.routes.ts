import {
  feedbackListQuerySchema,
  feedbackListSchema,
  feedbackReplySchema,
  feedbackRequestSchema,
  feedbackSchema,
  ok,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import type { FeedbackService } from './feedback.service';
import { operatorName, operatorRoute } from '../../platform/operator-auth';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** Members' feedback (SPEC sections 5 and 7: `PUT /wps/feedback`) and the operator's answers. */
export async function feedbackRoutes(app: FastifyInstance, opts: { feedback: FeedbackService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { feedback } = opts;
  const tags = ['feedback'];

  r.put(
    '/wps/feedback',
    {
      config: { auth: 'real' },
      schema: {
        summary:
          'Send feedback: a category, 5-140 characters and up to 3 uploaded images (ids from POST ' +
          '/wps/cashier/images); idempotent on requestId',
        tags,
        body: feedbackRequestSchema,
        response: { 200: ok(feedbackSchema) },
      },
    },
    async (req) => envelope(await feedback.submit(req.brand.code, req.member!.memberId, req.body)),
  );

  r.get(
    '/wps/feedback',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'The member’s own feedback and the answers, newest first',
        tags,
        querystring: feedbackListQuerySchema,
        response: { 200: ok(feedbackListSchema) },
      },
    },
    async (req) => envelope(await feedback.list(req.member!.memberId, req.query.pageNo, req.query.pageSize)),
  );

  r.get(
    '/wps/admin/feedback',
    {
      config: operatorRoute('content.feedback'),
      schema: {
        summary: 'The brand’s feedback not answered yet, oldest first (image ids: GET /wps/admin/images/:id)',
        tags: ['operator'],
        response: {
          200: ok(z.array(feedbackSchema.extend({ username: z.string(), imageIds: z.array(z.string()) }))),
        },
      },
    },
    async (req) => envelope(await feedback.open(req.brand.code)),
  );

  r.post(
    '/wps/admin/feedback/:id/reply',
    {
      config: operatorRoute('content.feedback'),
      schema: {
        summary: 'Answer a feedback once; the member finds the answer in the inbox',
        tags: ['operator'],
        params: idParams,
        body: feedbackReplySchema,
        response: { 200: ok(z.object({ id: z.string() })) },
      },
    },
    async (req) => {
      await feedback.reply(req.brand.code, req.params.id, req.body.reply, operatorName(req));
      return envelope({ id: req.params.id });
    },
  );
}
