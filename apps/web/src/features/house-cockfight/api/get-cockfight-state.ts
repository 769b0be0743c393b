import type { CockfightState } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cockfightGame } from './game';

export const cockfightStateKey = (token: string) => cockfightGame.key(token, 'state');

/** The fight now (card, odds, phase, result once shown), my bets on it, the road and the balance. */
const getCockfightState = (token: string) => cockfightGame.get<CockfightState>(token, 'state');

/** Polled every second: the arena runs on the server's clock, whether or not the player bets. */
const cockfightStateQueryOptions = (token: string) =>
  queryOptions({
    queryKey: cockfightStateKey(token),
    queryFn: () => getCockfightState(token),
    refetchInterval: 1_000,
    refetchIntervalInBackground: false,
  });

export const useCockfightState = (token: string) => useQuery(cockfightStateQueryOptions(token));
