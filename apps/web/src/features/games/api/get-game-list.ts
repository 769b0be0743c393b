import {
  GAME_LIST_PAGE_SIZE,
  type GameClassify,
  type GameList,
  type GameType,
  type Language,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getMerchantCode } from '../../../lib/storage';
import { useApiLanguage } from '../../../lib/i18n';

/** Client type and platforms every game-list request names (SPEC sections 3 and 9). */
export const GAME_LIST_CLIENT_TYPE = 3;
export const GAME_LIST_PLATFORM = 'flash,html5-desktop';

interface GameListParams {
  gameType: GameType;
  /** The vendor whose games are listed. */
  vassalage: string;
  gameClassify?: GameClassify;
  gameName?: string;
  minBet?: string;
  pageNo: number;
  pageSize?: number;
}

const getGameList = (p: GameListParams, language: Language) => {
  const merchant = getMerchantCode() ?? undefined;
  return api.get<GameList>('/wps/relay/GCSGAME_gameList', {
    clientType: GAME_LIST_CLIENT_TYPE,
    platform: GAME_LIST_PLATFORM,
    channel: merchant,
    merchant,
    gameType: p.gameType,
    vassalage: p.vassalage,
    gameClassify: p.gameClassify,
    gameName: p.gameName || undefined,
    minBet: p.minBet,
    pageNo: p.pageNo,
    pageSize: p.pageSize ?? GAME_LIST_PAGE_SIZE,
    language,
  });
};

/** Keyed by language: game names are translated. The previous page stays shown while the next loads. */
const gameListQueryOptions = (p: GameListParams, language: Language) =>
  queryOptions({
    queryKey: ['games', 'list', language, p],
    queryFn: () => getGameList(p, language),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useGameList = (p: GameListParams, enabled = true) =>
  useQuery({ ...gameListQueryOptions(p, useApiLanguage()), enabled });
