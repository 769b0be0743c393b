import type { SportsbookMatches } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameTokenOptions, pollMs, sportsbookKeys } from './game-token';

/** Live, upcoming and just finished matches with their markets and odds. */
export const getMatches = (token: string) =>
  api.get<SportsbookMatches>('/wps/house/sportsbook/matches', undefined, gameTokenOptions(token));

export const matchesQueryOptions = (token: string, minuteMs: number) =>
  queryOptions({
    queryKey: sportsbookKeys.matches(token),
    queryFn: () => getMatches(token),
    refetchInterval: pollMs(minuteMs),
  });

export const useMatches = (token: string, minuteMs: number) => useQuery(matchesQueryOptions(token, minuteMs));
