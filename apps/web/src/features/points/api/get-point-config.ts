import type { PointConfig } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { POINTS_ROOT } from './keys';

/** How the brand awards points and what they convert to (public). */
const getPointConfig = () => api.get<PointConfig>('/wps/points/getPointConfig');

const pointConfigQueryOptions = () =>
  queryOptions({ queryKey: [POINTS_ROOT, 'config'], queryFn: getPointConfig, staleTime: 5 * 60_000 });

export const usePointConfig = () => useQuery(pointConfigQueryOptions());
