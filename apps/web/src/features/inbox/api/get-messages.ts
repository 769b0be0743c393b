import { INBOX_KINDS, type InboxKind, type InboxList } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** What a message is about; the site words it in the member's language from `params`. */
export const MESSAGE_KINDS = INBOX_KINDS;
export type MessageKind = InboxKind;

/** One message: a kind (one of MESSAGE_KINDS, or a newer one this build does not know) and its params. */
export type InboxMessage = InboxList['list'][number];
type MessagePage = InboxList;

const MESSAGES_PAGE_SIZE = 10;

const getMessages = (pageNo: number) =>
  api.get<MessagePage>('/wps/member/messages', { pageNo, pageSize: MESSAGES_PAGE_SIZE });

const messagesQueryOptions = (customerId: number | null, pageNo: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.inbox, 'messages', customerId, pageNo],
    queryFn: () => getMessages(pageNo),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useMessages = (pageNo: number) =>
  useQuery(
    messagesQueryOptions(
      useSession((s) => s.customerId),
      pageNo,
    ),
  );
