import { LOTTERY_OPENED_COUNT, type LotteryOpened } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lotteryKeys } from './keys';

/** A game's opened draws with their prize tables, newest first (SPEC section 7: count 100). */
const getOpenedDraws = (vendor: string, gameCode: string) =>
  api.get<LotteryOpened>('/lgw/vn/numeros/opened/game', { gameCode, vendor, count: LOTTERY_OPENED_COUNT });

const openedDrawsQueryOptions = (vendor: string, gameCode: string) =>
  queryOptions({
    queryKey: lotteryKeys.opened(vendor, gameCode),
    queryFn: () => getOpenedDraws(vendor, gameCode),
    staleTime: Infinity,
  });

/** Refetched by the betting page when a draw's result is due. */
export const useOpenedDraws = (vendor: string, gameCode: string) =>
  useQuery(openedDrawsQueryOptions(vendor, gameCode));
