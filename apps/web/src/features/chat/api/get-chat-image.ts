import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatAuth } from './chat-auth';

/** An image of the conversation: it needs the caller's session or chat token, so it comes as a Blob. */
const getChatImage = (id: string, chatToken: string | null) =>
  api.blob(`/wps/chat/images/${encodeURIComponent(id)}`, chatAuth(chatToken));

/** A data: URL, which unlike an object URL needs no revoking when the cache drops it. */
function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('image read failed'));
    reader.readAsDataURL(blob);
  });
}

const chatImageQueryOptions = (id: string, chatToken: string | null) =>
  queryOptions({
    queryKey: ['chat', 'image', id],
    queryFn: async () => toDataUrl(await getChatImage(id, chatToken)),
    // A sent image never changes.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

export const useChatImage = (id: string, chatToken: string | null) =>
  useQuery(chatImageQueryOptions(id, chatToken));
