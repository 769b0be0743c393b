import { LOTTERY_RECENT_COUNT, type Language, type LotteryItem } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENT } from '../../../config/brand';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { lotteryKeys } from './keys';

/** The member's lottery games, last played first (SPEC section 7: recentCount 100). */
const getRecentLotteries = (language: Language) =>
  api.get<LotteryItem[]>('/lgw/vn/games/game_menu/recent', {
    device: CLIENT.device,
    recentCount: LOTTERY_RECENT_COUNT,
    language,
  });

/** Keyed by member and language, under the board (the refresh timer updates its draws too). */
const recentLotteriesQueryOptions = (customerId: number | null, language: Language) =>
  queryOptions({
    queryKey: [...lotteryKeys.board, 'recent', customerId, language],
    queryFn: () => getRecentLotteries(language),
    staleTime: Infinity,
  });

/** Needs a session: idle without one. */
export function useRecentLotteries(enabled: boolean) {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  return useQuery({
    ...recentLotteriesQueryOptions(customerId, useApiLanguage()),
    enabled: enabled && !!token,
  });
}
