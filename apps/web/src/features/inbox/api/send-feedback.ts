import type { Feedback, FeedbackRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';

/** Sends feedback (`PUT /wps/feedback`); idempotent on its requestId. */
const sendFeedback = (body: FeedbackRequest) => api.put<Feedback>('/wps/feedback', body);

export function useSendFeedback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => qc.invalidateQueries({ queryKey: [QUERY_ROOTS.inbox, 'feedback'] }),
  });
}
