export { createMessagesModule } from './messages.module';
export type { InboxService } from './inbox.service';
export type { InboxKind } from './inbox.service';
