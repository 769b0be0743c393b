import type { BaccaratState } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { baccaratKeys, gameTokenOptions } from './game-token';

/** One table now, with the player's bets on its round and the balance. */
export const getBaccaratState = (token: string, table: number) =>
  api.get<BaccaratState>('/wps/house/baccarat/state', { table }, gameTokenOptions(token));

export const baccaratStateQueryOptions = (token: string, table: number) =>
  queryOptions({ queryKey: baccaratKeys.state(token, table), queryFn: () => getBaccaratState(token, table) });

/** Polled every second while the table shows (the round, its cards and settlement come this way). */
export const useBaccaratState = (token: string, table: number) =>
  useQuery({ ...baccaratStateQueryOptions(token, table), refetchInterval: 1000 });
