import type { FeedbackList } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

const FEEDBACK_PAGE_SIZE = 5;

/** The member's own feedback and the answers, newest first. */
const getFeedback = (pageNo: number) =>
  api.get<FeedbackList>('/wps/feedback', { pageNo, pageSize: FEEDBACK_PAGE_SIZE });

const feedbackQueryOptions = (customerId: number | null, pageNo: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.inbox, 'feedback', customerId, pageNo],
    queryFn: () => getFeedback(pageNo),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useFeedback = (pageNo: number) =>
  useQuery(
    feedbackQueryOptions(
      useSession((s) => s.customerId),
      pageNo,
    ),
  );
