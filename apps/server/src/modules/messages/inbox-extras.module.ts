import type { FastifyInstance } from 'fastify';
import type { EngagementDeps } from '../../engagement';
import { FeedbackRepository } from './feedback.repository';
import { feedbackRoutes } from './feedback.routes';
import { FeedbackService } from './feedback.service';

/**
 * Feedback (PUT /wps/feedback) and the operator's answers. The inbox's own calls (list, read,
 * delete, operator notices) are inboxRoutes.
 */
export async function registerInboxExtras(app: FastifyInstance, deps: EngagementDeps): Promise<void> {
  const feedback = new FeedbackService(new FeedbackRepository(deps.db), deps.images, deps.inbox);
  await app.register(feedbackRoutes, { feedback });
}
