import type { CardsTable } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cardsKeys, gameTokenOptions } from './game-token';

/** The table as this player sees it (the call also moves the room's hands along). */
export const getCardsTable = (token: string, roomId: string) =>
  api.get<CardsTable>('/wps/house/cards/table', { roomId }, gameTokenOptions(token));

export const cardsTableQueryOptions = (token: string, roomId: string) =>
  queryOptions({
    queryKey: cardsKeys.table(token, roomId),
    queryFn: () => getCardsTable(token, roomId),
    refetchInterval: 1000,
    refetchIntervalInBackground: false,
  });

/** Polled every second while the table shows. */
export const useCardsTable = (token: string, roomId: string | null) =>
  useQuery({ ...cardsTableQueryOptions(token, roomId ?? ''), enabled: roomId !== null });
