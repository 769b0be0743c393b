import type { Language, LotteryMenu } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENT } from '../../../config/brand';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { lotteryKeys } from './keys';

/** The lottery screen's menus: one per menu tag (the tabs), each with its games and current draws. */
const getGameMenus = (language: Language) =>
  api.get<LotteryMenu[]>('/lgw/games/game_menus', { device: CLIENT.device, language });

/** Keyed by language (names come translated); the refresh timer refetches it, not a stale time. */
const gameMenusQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...lotteryKeys.board, 'menus', language],
    queryFn: () => getGameMenus(language),
    staleTime: Infinity,
  });

export const useGameMenus = (enabled = true) =>
  useQuery({ ...gameMenusQueryOptions(useApiLanguage()), enabled });
