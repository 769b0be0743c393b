export { createMessagesModule } from './messages.module';
export type { AnnouncementService } from './announcement.service';
export type { InboxService } from './inbox.service';
export type { InboxKind } from './inbox.service';
