import type { FishShot } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fishKeys, gameTokenOptions } from './game-token';

/** The player's last shots (FISH_HISTORY_SIZE), newest first. */
export const getFishHistory = (token: string) =>
  api.get<{ list: FishShot[] }>('/wps/house/fish/history', undefined, gameTokenOptions(token));

export const fishHistoryQueryOptions = (token: string) =>
  queryOptions({ queryKey: fishKeys.history(token), queryFn: () => getFishHistory(token) });

/** Fetched while the panel is open; the game invalidates it after each shot. */
export const useFishHistory = (token: string, enabled: boolean) =>
  useQuery({ ...fishHistoryQueryOptions(token), enabled });
