import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toDataUrl } from '../../../lib/data-url';
import { chatAuth } from './chat-auth';

/** An image of the conversation: it needs the caller's session or chat token, so it comes as a Blob. */
const getChatImage = (id: string, chatToken: string | null) =>
  api.blob(`/wps/chat/images/${encodeURIComponent(id)}`, chatAuth(chatToken));

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
