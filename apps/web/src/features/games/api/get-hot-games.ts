import type { Game, GameType, Language } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { getMerchantCode } from '../../../lib/storage';
import { GAME_LIST_PLATFORM } from './get-game-list';

/** isPlatform as the hot-games call sends it (SPEC section 7). */
const IS_PLATFORM = 2;

interface HotGamesParams {
  gameType?: GameType;
  /** One vendor's hot games; without it, the hot games of every vendor of the type. */
  vassalage?: string;
}

const getHotGames = (p: HotGamesParams, language: Language) =>
  api
    .get<{ list: Game[] }>('/wps/relay/GCSGAME_hotGamesV2', {
      merchantCode: getMerchantCode() ?? undefined,
      isPlatform: IS_PLATFORM,
      vassalage: p.vassalage,
      gameType: p.gameType,
      platform: GAME_LIST_PLATFORM,
      language,
    })
    .then((v) => v.list);

/** Keyed by language: hot games are fetched again on a language change (SPEC section 7). */
export const hotGamesQueryOptions = (p: HotGamesParams, language: Language) =>
  queryOptions({
    queryKey: ['games', 'hot', language, p.gameType ?? null, p.vassalage ?? null],
    queryFn: () => getHotGames(p, language),
    staleTime: 60_000,
  });

export const useHotGames = (p: HotGamesParams, enabled = true) =>
  useQuery({ ...hotGamesQueryOptions(p, useApiLanguage()), enabled });
