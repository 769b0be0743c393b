import type { CockfightHistory } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cockfightKeys, gameTokenOptions } from './game-token';

/** The player's last bets in this game (COCKFIGHT_HISTORY_SIZE), newest first. */
export const getCockfightHistory = (token: string) =>
  api.get<CockfightHistory>('/wps/house/cockfight/history', undefined, gameTokenOptions(token));

export const cockfightHistoryQueryOptions = (token: string) =>
  queryOptions({ queryKey: cockfightKeys.history(token), queryFn: () => getCockfightHistory(token) });

/** Fetched while the panel is open; a bet or a settled fight invalidates it. */
export const useCockfightHistory = (token: string, enabled: boolean) =>
  useQuery({ ...cockfightHistoryQueryOptions(token), enabled });
