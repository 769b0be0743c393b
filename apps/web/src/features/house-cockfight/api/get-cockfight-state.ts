import type { CockfightState } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cockfightKeys, gameTokenOptions } from './game-token';

/** The fight now (card, odds, phase, result once shown), my bets on it, the road and the balance. */
export const getCockfightState = (token: string) =>
  api.get<CockfightState>('/wps/house/cockfight/state', undefined, gameTokenOptions(token));

/** Polled every second: the arena runs on the server's clock, whether or not the player bets. */
export const cockfightStateQueryOptions = (token: string) =>
  queryOptions({
    queryKey: cockfightKeys.state(token),
    queryFn: () => getCockfightState(token),
    refetchInterval: 1_000,
    refetchIntervalInBackground: false,
  });

export const useCockfightState = (token: string) => useQuery(cockfightStateQueryOptions(token));
