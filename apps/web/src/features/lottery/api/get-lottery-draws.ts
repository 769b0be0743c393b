import { LOTTERY_DRAW_HISTORY_SIZE, type LotteryDraws } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchForEvent, usePollWhileOffline, usePushTopic } from '../../../lib/push';
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
 * While a due draw has no result, asked again as soon as the push channel says a draw was made
 * (every few seconds while the channel is down) until it has; the page also asks at the draw
 * time. `offset`: the server's clock minus this device's.
 */
export function useLotteryDraws(vendor: string, gameCode: string, offset: number) {
  const qc = useQueryClient();
  const pollMs = usePollWhileOffline(3_000, 15_000);
  const options = lotteryDrawsQueryOptions(vendor, gameCode);
  usePushTopic('lottery', () => {
    // Every draw of the brand is heard here: only a page waiting for a result asks again.
    if (awaitingResult(qc.getQueryData(options.queryKey), Date.now() + offset))
      void refetchForEvent(qc, { queryKey: options.queryKey });
  });
  return useQuery({
    ...options,
    refetchInterval: (query) => (awaitingResult(query.state.data, Date.now() + offset) ? pollMs : false),
  });
}
