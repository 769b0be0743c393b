import { PUSH_MEMBER_TOPIC, type ChatUnread } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchForEvent, usePushTopic } from '../../../lib/push';
import { useSession } from '../../../lib/session';

/**
 * The badge beside "Live chat". Part of the first page's bundle: it imports types and constants
 * only from the contracts (no schemas) and nothing else of the chat.
 */
const getChatUnread = () => api.get<ChatUnread>('/wps/chat/unread');

/** Staff replies are heard by push; without it, this often. */
const UNREAD_POLL_MS = 5 * 60_000;

export function useChatUnread() {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const customerId = useSession((s) => s.customerId);
  usePushTopic(token ? PUSH_MEMBER_TOPIC : null, (kind) => {
    if (kind === 'chat' || kind === 'resync') void refetchForEvent(qc, { queryKey: ['chat', 'unread'] });
  });
  return useQuery({
    queryKey: ['chat', 'unread', customerId],
    queryFn: getChatUnread,
    enabled: !!token,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 30_000,
    // Read in the service window, then back here: the badge follows.
    refetchOnWindowFocus: true,
  });
}
