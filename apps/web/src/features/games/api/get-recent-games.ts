import { GAME_LIST_PAGE_SIZE, type Game, type GameType, type Language } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { GAME_LIST_CLIENT_TYPE } from './get-game-list';

interface RecentGamesParams {
  gameType?: GameType;
  vassalage?: string;
  pageSize?: number;
}

interface RecentPage {
  list: Game[];
  totalPages: number;
}

const getRecentGames = (p: RecentGamesParams, pageNo: number, language: Language) =>
  api.get<RecentPage>('/wps/relay/GCS_recentGame', {
    clientType: GAME_LIST_CLIENT_TYPE,
    vassalage: p.vassalage,
    gameType: p.gameType,
    language,
    pageNo,
    pageSize: p.pageSize ?? GAME_LIST_PAGE_SIZE,
  });

/** The next page while totalPages > pageNo (SPEC section 4: recent loads page by page). */
const nextRecentPage = (last: RecentPage, pages: RecentPage[]): number | undefined =>
  last.totalPages > pages.length ? pages.length + 1 : undefined;

/** Keyed by member and language; a launch invalidates ['games', 'recent']. */
const recentGamesQueryOptions = (customerId: number | null, p: RecentGamesParams, language: Language) =>
  infiniteQueryOptions({
    queryKey: ['games', 'recent', customerId, language, p],
    queryFn: ({ pageParam }) => getRecentGames(p, pageParam, language),
    initialPageParam: 1,
    getNextPageParam: nextRecentPage,
    staleTime: 30_000,
  });

export function useRecentGames(p: RecentGamesParams, enabled = true) {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    ...recentGamesQueryOptions(customerId, p, useApiLanguage()),
    enabled: enabled && !!token,
  });
}
