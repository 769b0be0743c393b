import type { HelpCenter, Language } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';

const getHelpCenter = () => api.get<HelpCenter>('/wps/system/helpCenter');

export const helpCenterQueryOptions = (lang: Language) =>
  queryOptions({ queryKey: ['system', 'helpCenter', lang], queryFn: getHelpCenter, staleTime: 5 * 60_000 });

export const useHelpCenter = () => useQuery(helpCenterQueryOptions(useApiLanguage()));
