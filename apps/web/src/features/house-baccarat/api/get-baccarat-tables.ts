import type { BaccaratLobby } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { baccaratGame } from './game';

/** Every table now (round, phase, countdown, roads) and the balance: the lobby. */
const getBaccaratTables = (token: string) => baccaratGame.get<BaccaratLobby>(token, 'tables');

const baccaratTablesQueryOptions = (token: string) =>
  queryOptions({ queryKey: baccaratGame.key(token, 'tables'), queryFn: () => getBaccaratTables(token) });

/** Polled every 2 s while the lobby shows. */
export const useBaccaratTables = (token: string, enabled: boolean) =>
  useQuery({ ...baccaratTablesQueryOptions(token), enabled, refetchInterval: 2000 });
