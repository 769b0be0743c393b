import {
  ANNOUNCEMENT_EXECUTION,
  ANNOUNCEMENT_PLATFORM,
  ANNOUNCEMENT_TYPES,
  type Announcements,
  type Language,
} from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';

const getAnnouncements = () =>
  api.get<Announcements>('/wps/relay/MCSFE_getListAnnouncements', {
    types: ANNOUNCEMENT_TYPES.join(','),
    platform: ANNOUNCEMENT_PLATFORM,
    execution: ANNOUNCEMENT_EXECUTION,
  });

/** Keyed by language, so a language change fetches the notices again (SPEC section 7). */
export const announcementsQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['messages', 'announcements', lang],
    queryFn: getAnnouncements,
    staleTime: 60_000,
  });

export const useAnnouncements = () => useQuery(announcementsQueryOptions(useApiLanguage()));
