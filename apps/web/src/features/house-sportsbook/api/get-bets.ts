import type { SportsbookBets } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollMs, sportsbookGame } from './game';

/** Open bets with their cash-out offers, and the last 10 bets. */
const getBets = (token: string) => sportsbookGame.get<SportsbookBets>(token, 'bets');

const betsQueryOptions = (token: string, minuteMs: number) =>
  queryOptions({
    queryKey: sportsbookGame.key(token, 'bets'),
    queryFn: () => getBets(token),
    refetchInterval: pollMs(minuteMs),
  });

export const useBets = (token: string, minuteMs: number) => useQuery(betsQueryOptions(token, minuteMs));
