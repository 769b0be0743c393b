import type { ChatStatusInfo, Language } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';

/** Whether the brand's chat is on and answering now, with its away message and greeting. */
const getChatStatus = () => api.get<ChatStatusInfo>('/wps/chat/status');

/** Opening hours pass while the window stays open: asked again now and then. */
const STATUS_POLL_MS = 5 * 60_000;

// Keyed by language: the away message and the greeting come in the caller's.
const chatStatusQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['chat', 'status', lang],
    queryFn: getChatStatus,
    staleTime: 60_000,
    refetchInterval: STATUS_POLL_MS,
  });

export const useChatStatus = () => useQuery(chatStatusQueryOptions(useApiLanguage()));
