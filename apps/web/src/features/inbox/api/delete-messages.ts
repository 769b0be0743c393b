import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';

/** Deletes these messages, or every message already read. */
const deleteMessages = (which: { ids: string[] } | { allRead: true }) =>
  api.post<{ deleted: number }>('/wps/member/messages/delete', which);

export function useDeleteMessages() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMessages,
    // The list and the unread count change together.
    onSuccess: () => qc.invalidateQueries({ queryKey: [QUERY_ROOTS.inbox] }),
  });
}
