import type { SlotRound } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameTokenOptions, slotKeys } from './game-token';

/** The player's last rounds (SLOT_HISTORY_SIZE), newest first. */
export const getSlotHistory = (token: string) =>
  api.get<{ list: SlotRound[] }>('/wps/house/slot/history', undefined, gameTokenOptions(token));

export const slotHistoryQueryOptions = (token: string) =>
  queryOptions({ queryKey: slotKeys.history(token), queryFn: () => getSlotHistory(token) });

/** Fetched while the panel is open; the game invalidates it after each round. */
export const useSlotHistory = (token: string, enabled: boolean) =>
  useQuery({ ...slotHistoryQueryOptions(token), enabled });
