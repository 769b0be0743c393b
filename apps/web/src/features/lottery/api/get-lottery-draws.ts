import { LOTTERY_DRAW_HISTORY_SIZE, type LotteryDraws } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { awaitingResult } from '../draw-watch';
import { lotteryKeys } from './keys';

/** A game's past and current draws with their prize tables, newest first (the result history). */
const getLotteryDraws = (vendor: string, gameCode: string) =>
  api.get<LotteryDraws>('/lgw/lottery/draws', {
    gameCode,
    vendor: vendor || undefined,
    count: LOTTERY_DRAW_HISTORY_SIZE,
  });

const lotteryDrawsQueryOptions = (vendor: string, gameCode: string) =>
  queryOptions({
    queryKey: lotteryKeys.draws(vendor, gameCode),
    queryFn: () => getLotteryDraws(vendor, gameCode),
    staleTime: 5_000,
  });

/**
 * While a due draw has no result, asked again every few seconds until it has (the page also asks
 * at the draw time). `offset`: the server's clock minus this device's.
 */
export const useLotteryDraws = (vendor: string, gameCode: string, offset: number) =>
  useQuery({
    ...lotteryDrawsQueryOptions(vendor, gameCode),
    refetchInterval: (query) => (awaitingResult(query.state.data, Date.now() + offset) ? 3_000 : false),
  });
