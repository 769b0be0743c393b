import { POPULAR_GAMES_COUNT, type Game, type GameType, type Language } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';

/** Most played games of late, topped up with hot games (SPEC section 7: count 20). */
const getPopularGames = (language: Language, gameType?: GameType) =>
  api.get<Game[]>('/lgw/games/popular', { count: POPULAR_GAMES_COUNT, gameType, language });

/** Keyed by language: popular games are fetched again on a language change (SPEC section 7). */
const popularGamesQueryOptions = (language: Language, gameType?: GameType) =>
  queryOptions({
    queryKey: ['games', 'popular', language, gameType ?? 'ALL'],
    queryFn: () => getPopularGames(language, gameType),
    staleTime: 60_000,
  });

export const usePopularGames = (gameType?: GameType) =>
  useQuery(popularGamesQueryOptions(useApiLanguage(), gameType));
