import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { ImageService } from '../uploads';
import { AnnouncementRepository } from './announcement.repository';
import { announcementRoutes } from './announcement.routes';
import { AnnouncementService } from './announcement.service';
import { FeedbackRepository } from './feedback.repository';
import { feedbackRoutes } from './feedback.routes';
import { FeedbackService } from './feedback.service';
import { InboxRepository } from './inbox.repository';
import { inboxRoutes } from './inbox.routes';
import { InboxService } from './inbox.service';

interface MessagesDeps extends ModuleContext {
  images: ImageService;
}

/**
 * What the brand says to members and they to it: announcements and banners, the inbox (other
 * modules add messages in the transaction of their change), and feedback with its answers.
 */
export function createMessagesModule(
  deps: MessagesDeps,
): ServerModule<{ announcements: AnnouncementService; inbox: InboxService }> {
  const announcements = new AnnouncementService(new AnnouncementRepository(deps.db));
  const inbox = new InboxService(new InboxRepository(deps.db));
  const feedback = new FeedbackService(new FeedbackRepository(deps.db), deps.images, inbox);
  return {
    services: { announcements, inbox },
    routes: async (app: FastifyInstance) => {
      await app.register(announcementRoutes, { announcements });
      await app.register(inboxRoutes, { inbox });
      await app.register(feedbackRoutes, { feedback });
    },
  };
}
