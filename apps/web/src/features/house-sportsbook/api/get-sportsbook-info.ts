import type { SportsbookInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameTokenOptions, sportsbookKeys } from './game-token';

/** Balance, stake limits, margins per market, the brand's time zone. */
export const getSportsbookInfo = (token: string) =>
  api.get<SportsbookInfo>('/wps/house/sportsbook/info', undefined, gameTokenOptions(token));

// Loaded once per launch: the balance then comes from each bet's answer.
export const sportsbookInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: sportsbookKeys.info(token),
    queryFn: () => getSportsbookInfo(token),
    staleTime: Infinity,
  });

export const useSportsbookInfo = (token: string) => useQuery(sportsbookInfoQueryOptions(token));
