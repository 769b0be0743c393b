import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { ImageService } from '../uploads';
import { AnnouncementRepository } from './announcement.repository';
import { announcementRoutes } from './announcement.routes';
import { AnnouncementService } from './announcement.service';
import { BroadcastRepository } from './broadcast.repository';
import { BroadcastService } from './broadcast.service';
import { ContentRepository } from './content.repository';
import { contentRoutes } from './content.routes';
import { ContentService } from './content.service';
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
 * modules add messages in the transaction of their change), feedback with its answers, and
 * staff's side of it: site content (banners, notices, help pages, footer) and inbox broadcasts.
 */
export function createMessagesModule(deps: MessagesDeps): ServerModule<{
  announcements: AnnouncementService;
  inbox: InboxService;
  content: ContentService;
  broadcasts: BroadcastService;
}> {
  const announcements = new AnnouncementService(new AnnouncementRepository(deps.db));
  const inbox = new InboxService(new InboxRepository(deps.db), deps.notices, deps.bus);
  const feedback = new FeedbackService(new FeedbackRepository(deps.db), deps.images, inbox);
  const content = new ContentService(new ContentRepository(deps.db), announcements, deps.brands);
  const broadcasts = new BroadcastService(new BroadcastRepository(deps.db), undefined, deps.bus);
  return {
    services: { announcements, inbox, content, broadcasts },
    // Each due broadcast is claimed in the database by one instance, so every instance may run this.
    jobs: [{ name: 'inbox broadcasts', everyMs: 5_000, run: () => broadcasts.sendDue(deps.log) }],
    routes: async (app: FastifyInstance) => {
      await app.register(announcementRoutes, { announcements });
      await app.register(inboxRoutes, { inbox });
      await app.register(feedbackRoutes, { feedback });
      await app.register(contentRoutes, { content, broadcasts });
    },
  };
}
