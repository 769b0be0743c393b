import type { FishInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fishKeys, gameTokenOptions } from './game-token';

/** Balance, bets per shot, the fish table and the published RTP. */
export const getFishInfo = (token: string) =>
  api.get<FishInfo>('/wps/house/fish/info', undefined, gameTokenOptions(token));

// Loaded once per launch: the balance then comes from each shot's answer.
export const fishInfoQueryOptions = (token: string) =>
  queryOptions({ queryKey: fishKeys.info(token), queryFn: () => getFishInfo(token), staleTime: Infinity });

export const useFishInfo = (token: string) => useQuery(fishInfoQueryOptions(token));
