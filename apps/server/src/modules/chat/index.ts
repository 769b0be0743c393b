export { createChatModule } from './chat.module';
export type { ChatService } from './chat.service';
