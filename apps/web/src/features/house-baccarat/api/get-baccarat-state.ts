import type { BaccaratState } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { baccaratGame } from './game';

export const baccaratStateKey = (token: string, table: number) => baccaratGame.key(token, 'state', table);

/** One table now, with the player's bets on its round and the balance. */
const getBaccaratState = (token: string, table: number) =>
  baccaratGame.get<BaccaratState>(token, 'state', { table });

const baccaratStateQueryOptions = (token: string, table: number) =>
  queryOptions({ queryKey: baccaratStateKey(token, table), queryFn: () => getBaccaratState(token, table) });

/** Polled every second while the table shows (the round, its cards and settlement come this way). */
export const useBaccaratState = (token: string, table: number) =>
  useQuery({ ...baccaratStateQueryOptions(token, table), refetchInterval: 1000 });
