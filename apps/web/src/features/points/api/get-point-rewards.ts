import type { PointRewardList } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentApiLanguage } from '../../../lib/i18n';
import { POINTS_ROOT } from './keys';

/** The mall's active rewards with cost and stock, in the site's language (public). */
const getPointRewards = () => api.get<PointRewardList>('/wps/points/getPointReward');

const pointRewardsQueryOptions = (lang: string) =>
  queryOptions({ queryKey: [POINTS_ROOT, 'rewards', lang], queryFn: getPointRewards, staleTime: 30_000 });

export const usePointRewards = () => useQuery(pointRewardsQueryOptions(currentApiLanguage()));
