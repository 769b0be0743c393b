import type { SportsbookBets } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameTokenOptions, pollMs, sportsbookKeys } from './game-token';

/** Open bets with their cash-out offers, and the last 10 bets. */
export const getBets = (token: string) =>
  api.get<SportsbookBets>('/wps/house/sportsbook/bets', undefined, gameTokenOptions(token));

export const betsQueryOptions = (token: string, minuteMs: number) =>
  queryOptions({
    queryKey: sportsbookKeys.bets(token),
    queryFn: () => getBets(token),
    refetchInterval: pollMs(minuteMs),
  });

export const useBets = (token: string, minuteMs: number) => useQuery(betsQueryOptions(token, minuteMs));
