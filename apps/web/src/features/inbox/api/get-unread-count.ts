import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePollWhileOffline } from '../../../lib/push';
import { unreadCountKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** How many inbox messages are unread (the member centre's badge). */
const getUnreadCount = () => api.get<{ count: number }>('/wps/relay/CSP_unreadCount');

const POLL_MS = 60_000;
/** While the push channel is up a new message is heard at once; the poll is only a backstop. */
const PUSHED_POLL_MS = 10 * 60_000;

const unreadCountQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: unreadCountKey(customerId),
    queryFn: getUnreadCount,
    staleTime: 15_000,
  });

export function useUnreadCount() {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  const refetchInterval = usePollWhileOffline(POLL_MS, PUSHED_POLL_MS);
  return useQuery({ ...unreadCountQueryOptions(customerId), enabled: !!token, refetchInterval });
}
