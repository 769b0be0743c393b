import { WINNER_BOARD_SIZE, type Language, type Winner } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';

/** Latest wins of every game (SPEC section 7: gameCategory ALL, limitNum 50, rows in value.list[].vo). */
const getWinnerBoard = (language: Language) =>
  api
    .get<{ list: { vo: Winner }[] }>('/wps/relay/ODSFE2_getWinnerBoard', {
      gameCategory: 'ALL',
      language,
      limitNum: WINNER_BOARD_SIZE,
    })
    .then((v) => v.list.map((row) => row.vo));

/** Keyed by language (game names are translated); refreshed now and then, wins keep coming. */
const winnerBoardQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['games', 'winnerBoard', language],
    queryFn: () => getWinnerBoard(language),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const useWinnerBoard = () => useQuery(winnerBoardQueryOptions(useApiLanguage()));
