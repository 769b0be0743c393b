import type { Language, VipLevels } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { VIP_ROOT } from './keys';

/** The brand's VIP levels, thresholds, benefits and rebate rates (public), in the request language. */
const getVipLevels = () => api.get<VipLevels>('/wps/vip/levels');

const vipLevelsQueryOptions = (lang: Language) =>
  queryOptions({ queryKey: [VIP_ROOT, 'levels', lang], queryFn: getVipLevels, staleTime: 5 * 60_000 });

export const useVipLevels = () => useQuery(vipLevelsQueryOptions(useApiLanguage()));
