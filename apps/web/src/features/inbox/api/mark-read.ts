import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';

/** Marks one message read, or every message when no id is given. */
const markRead = (id?: string) =>
  api.post<{ updated: number }>('/wps/member/messages/read', id === undefined ? {} : { id });

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    // The list's dots and the unread count change together.
    onSuccess: () => qc.invalidateQueries({ queryKey: [QUERY_ROOTS.inbox] }),
  });
}
