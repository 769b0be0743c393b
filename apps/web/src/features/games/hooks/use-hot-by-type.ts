import type { GameType } from '@app/contracts';
import { useQueries } from '@tanstack/react-query';
import { useApiLanguage } from '../../../lib/i18n';
import { hotGamesQueryOptions } from '../api/get-hot-games';

/** One hot-games list per type, fetched side by side (the /hot page, the /elott lobby). */
export function useHotByType(types: readonly GameType[]) {
  const language = useApiLanguage();
  return useQueries({ queries: types.map((gameType) => hotGamesQueryOptions({ gameType }, language)) });
}
