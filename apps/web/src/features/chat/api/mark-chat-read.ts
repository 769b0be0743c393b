import { api } from '../../../lib/api-client';
import { chatAuth } from './chat-auth';

/** `POST /wps/chat/read`: the staff messages up to this id have been seen. */
export const markChatRead = (upTo: string, chatToken: string | null) =>
  api.post<unknown>('/wps/chat/read', { upTo }, chatAuth(chatToken));
