import type { GameType } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isTrial, useSession } from '../../../lib/session';

const getFavoriteIds = (gameType?: GameType) =>
  api.get<number[]>('/wps/relay/MCSFE_getFavoriteGames', { gameType });

/** Every favourite key starts here: a change invalidates ids and lists together. */
export const FAVOURITES_ROOT = ['games', 'favourites'] as const;

/** Keyed by member: another login never sees these. */
export const favoriteIdsQueryOptions = (customerId: number | null, gameType?: GameType) =>
  queryOptions({
    queryKey: [...FAVOURITES_ROOT, customerId, 'ids', gameType ?? null],
    queryFn: () => getFavoriteIds(gameType),
    staleTime: 60_000,
  });

/** The member's favourite node ids; nothing is asked without a session or for a trial account. */
export function useFavoriteIds(gameType?: GameType) {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  return useQuery({ ...favoriteIdsQueryOptions(customerId, gameType), enabled: !!token && !trial });
}
