import type { BaccaratLobby } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { baccaratKeys, gameTokenOptions } from './game-token';

/** Every table now (round, phase, countdown, roads) and the balance: the lobby. */
export const getBaccaratTables = (token: string) =>
  api.get<BaccaratLobby>('/wps/house/baccarat/tables', undefined, gameTokenOptions(token));

export const baccaratTablesQueryOptions = (token: string) =>
  queryOptions({ queryKey: baccaratKeys.tables(token), queryFn: () => getBaccaratTables(token) });

/** Polled every 2 s while the lobby shows. */
export const useBaccaratTables = (token: string, enabled: boolean) =>
  useQuery({ ...baccaratTablesQueryOptions(token), enabled, refetchInterval: 2000 });
