import type { SportsbookMatches } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollMs, sportsbookGame } from './game';

/** Live, upcoming and just finished matches with their markets and odds. */
const getMatches = (token: string) => sportsbookGame.get<SportsbookMatches>(token, 'matches');

const matchesQueryOptions = (token: string, minuteMs: number) =>
  queryOptions({
    queryKey: sportsbookGame.key(token, 'matches'),
    queryFn: () => getMatches(token),
    refetchInterval: pollMs(minuteMs),
  });

export const useMatches = (token: string, minuteMs: number) => useQuery(matchesQueryOptions(token, minuteMs));
