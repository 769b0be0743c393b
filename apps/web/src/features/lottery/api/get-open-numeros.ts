import type { LotteryOpenNumero } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENT } from '../../../config/brand';
import { api } from '../../../lib/api-client';
import { lotteryKeys } from './keys';

/** The latest opened draw (numero and winning number) of every lottery game. */
const getOpenNumeros = () =>
  api.get<LotteryOpenNumero[]>('/lotto/lgw/games/opened/numero', { device: CLIENT.device });

/** Under the board: the open-number refresh timer refetches it with the menus. */
const openNumerosQueryOptions = () =>
  queryOptions({
    queryKey: [...lotteryKeys.board, 'open'],
    queryFn: getOpenNumeros,
    staleTime: Infinity,
  });

export const useOpenNumeros = () => useQuery(openNumerosQueryOptions());
