import type { Game, GameType } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { FAVOURITES_ROOT, favoriteIdsQueryOptions } from './get-favorite-ids';

interface FavoriteChange {
  nodeId: number;
  vendor: string;
  gameType: GameType;
  /** true adds, false removes. */
  add: boolean;
}

/** Adds or removes a favourite; the answer is the member's favourite ids after the change. */
const changeFavorite = ({ add, ...body }: FavoriteChange) =>
  api.post<number[]>(add ? '/wps/relay/MCSFE_addFavoriteGame' : '/wps/relay/MCSFE_removeFavoriteGame', body);

export const favoriteChangeOf = (game: Game, add: boolean): FavoriteChange => ({
  nodeId: game.nodeId,
  vendor: game.vassalage,
  gameType: game.gameType,
  add,
});

/**
 * The favourite toggle (SPEC section 4): the id list the server answers replaces the cached one
 * at once (the heart flips), then every favourite query is fetched again.
 */
export function useToggleFavorite(gameType?: GameType) {
  const qc = useQueryClient();
  const customerId = useSession((s) => s.customerId);
  return useMutation({
    mutationFn: changeFavorite,
    onSuccess: (ids, change) => {
      qc.setQueryData(favoriteIdsQueryOptions(customerId, gameType).queryKey, ids);
      if (gameType !== change.gameType) {
        qc.setQueryData(favoriteIdsQueryOptions(customerId, change.gameType).queryKey, undefined);
      }
      return qc.invalidateQueries({ queryKey: [...FAVOURITES_ROOT, customerId] });
    },
  });
}
