import { LOTTERY_POPULAR_COUNT, type Language, type PopularGame } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { lotteryKeys } from './keys';

/** Popular lotteries of both lottery types, each with its lottery item (SPEC section 7: count 20). */
const getPopularLotteries = (language: Language) =>
  api.get<PopularGame[]>('/lgw/games/popular', {
    count: LOTTERY_POPULAR_COUNT,
    prizeMode: 'Elott',
    language,
  });

/** Keyed by language: fetched again on a language change, like the other home sections. */
const popularLotteriesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...lotteryKeys.board, 'popular', language],
    queryFn: () => getPopularLotteries(language),
    staleTime: 60_000,
  });

export const usePopularLotteries = () => useQuery(popularLotteriesQueryOptions(useApiLanguage()));
