import type { CardsInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cardsKeys, gameTokenOptions } from './game-token';

/** Balance, rooms, rake, timing and the house seats' rule. */
export const getCardsInfo = (token: string) =>
  api.get<CardsInfo>('/wps/house/cards/info', undefined, gameTokenOptions(token));

export const cardsInfoQueryOptions = (token: string) =>
  queryOptions({ queryKey: cardsKeys.info(token), queryFn: () => getCardsInfo(token), staleTime: Infinity });

export const useCardsInfo = (token: string) => useQuery(cardsInfoQueryOptions(token));
