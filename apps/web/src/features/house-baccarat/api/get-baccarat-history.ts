import type { BaccaratHistory } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { baccaratKeys, gameTokenOptions } from './game-token';

/** The player's last rounds (BACCARAT_HISTORY_SIZE), newest first. */
export const getBaccaratHistory = (token: string) =>
  api.get<BaccaratHistory>('/wps/house/baccarat/history', undefined, gameTokenOptions(token));

export const baccaratHistoryQueryOptions = (token: string) =>
  queryOptions({ queryKey: baccaratKeys.history(token), queryFn: () => getBaccaratHistory(token) });

/** Fetched while the panel is open (fresh each time it opens). */
export const useBaccaratHistory = (token: string, enabled: boolean) =>
  useQuery({ ...baccaratHistoryQueryOptions(token), enabled, staleTime: 0 });
