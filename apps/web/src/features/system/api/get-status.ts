import type { SystemStatusValue } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The permission call: adds the current host so the server can resolve the brand behind a proxy. */
const getStatus = () => api.get<SystemStatusValue>('/wps/system/status', { host: window.location.host });

/** Decided once at start-up (SPEC section 4): never refetched during the visit. */
export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: getStatus,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });

export const useStatus = () => useQuery(statusQueryOptions());
