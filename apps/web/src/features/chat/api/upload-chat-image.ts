import { api } from '../../../lib/api-client';
import { chatAuth } from './chat-auth';

/** `POST /wps/chat/images`: a PNG or JPEG as the raw body; the id to send in a message. */
export const uploadChatImage = async (file: Blob, chatToken: string | null): Promise<string> =>
  (await api.upload<{ imageId: string }>('/wps/chat/images', file, chatAuth(chatToken))).imageId;
