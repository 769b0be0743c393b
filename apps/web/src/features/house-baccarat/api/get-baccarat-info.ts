import type { BaccaratInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { baccaratKeys, gameTokenOptions } from './game-token';

/** Tables, chips, limits, pays, commission and house edges (and the balance at launch). */
export const getBaccaratInfo = (token: string) =>
  api.get<BaccaratInfo>('/wps/house/baccarat/info', undefined, gameTokenOptions(token));

export const baccaratInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: baccaratKeys.info(token),
    queryFn: () => getBaccaratInfo(token),
    staleTime: Infinity,
  });

export const useBaccaratInfo = (token: string) => useQuery(baccaratInfoQueryOptions(token));
