import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unreadCountKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** How many inbox messages are unread (the member centre's badge). */
const getUnreadCount = () => api.get<{ count: number }>('/wps/relay/CSP_unreadCount');

const POLL_MS = 60_000;

const unreadCountQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: unreadCountKey(customerId),
    queryFn: getUnreadCount,
    staleTime: 15_000,
    refetchInterval: POLL_MS,
  });

export function useUnreadCount() {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  return useQuery({ ...unreadCountQueryOptions(customerId), enabled: !!token });
}
