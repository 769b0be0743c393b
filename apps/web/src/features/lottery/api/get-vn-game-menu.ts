import type { Language, LotteryGameGroup } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENT } from '../../../config/brand';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { lotteryKeys } from './keys';

/** The VN lottery menus: one game group per vendor (gameGroupCode), each with its games. */
const getVnGameMenu = (language: Language) =>
  api.get<LotteryGameGroup[]>('/lgw/vn/games/game_menu', { device: CLIENT.device, language });

const vnGameMenuQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...lotteryKeys.board, 'vn', language],
    queryFn: () => getVnGameMenu(language),
    staleTime: Infinity,
  });

export const useVnGameMenu = () => useQuery(vnGameMenuQueryOptions(useApiLanguage()));
