import type { ChatMessage, ChatSendRequest } from '@app/contracts';
import { api } from '../../../lib/api-client';
import { chatAuth } from './chat-auth';

/**
 * `POST /wps/chat/messages`: text or an uploaded image. Idempotent on requestId: a retry after a
 * lost answer sends the same id and the message is written once.
 */
export const sendChatMessage = (body: ChatSendRequest, chatToken: string | null) =>
  api.post<ChatMessage>('/wps/chat/messages', body, chatAuth(chatToken));
