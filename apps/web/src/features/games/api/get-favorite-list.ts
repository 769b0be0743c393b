import { GAME_LIST_PAGE_SIZE, type Game, type GameType, type Language } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { FAVOURITES_ROOT } from './get-favorite-ids';
import { GAME_LIST_CLIENT_TYPE, GAME_LIST_PLATFORM } from './get-game-list';

interface FavoriteListParams {
  gameType?: GameType;
  pageNo: number;
  pageSize?: number;
}

const getFavoriteList = (p: FavoriteListParams, language: Language) =>
  api.get<{ content: Game[]; totalPages: number }>('/wps/relay/MCSFE_getFavoriteGamesList', {
    clientType: GAME_LIST_CLIENT_TYPE,
    platform: GAME_LIST_PLATFORM,
    language,
    gameType: p.gameType,
    pageNo: p.pageNo,
    pageSize: p.pageSize ?? GAME_LIST_PAGE_SIZE,
  });

/** Keyed by member and language (the games' names are translated). */
const favoriteListQueryOptions = (customerId: number | null, p: FavoriteListParams, language: Language) =>
  queryOptions({
    queryKey: [...FAVOURITES_ROOT, customerId, 'list', language, p],
    queryFn: () => getFavoriteList(p, language),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useFavoriteList(p: FavoriteListParams, enabled = true) {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  return useQuery({
    ...favoriteListQueryOptions(customerId, p, useApiLanguage()),
    enabled: enabled && !!token,
  });
}
