import type { SlotInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameTokenOptions, slotKeys } from './game-token';

/** Balance, bets, paylines, paytable and the published figures (RTP, hit rate, max win). */
export const getSlotInfo = (token: string) =>
  api.get<SlotInfo>('/wps/house/slot/info', undefined, gameTokenOptions(token));

// Loaded once per launch: the balance then comes from each spin's answer.
export const slotInfoQueryOptions = (token: string) =>
  queryOptions({ queryKey: slotKeys.info(token), queryFn: () => getSlotInfo(token), staleTime: Infinity });

export const useSlotInfo = (token: string) => useQuery(slotInfoQueryOptions(token));
