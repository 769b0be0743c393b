import type { CardsTable } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardsGame } from './game';

export const cardsTableKey = (token: string, roomId: string) => cardsGame.key(token, 'table', roomId);

/** The table as this player sees it (the call also moves the room's hands along). */
const getCardsTable = (token: string, roomId: string) =>
  cardsGame.get<CardsTable>(token, 'table', { roomId });

const cardsTableQueryOptions = (token: string, roomId: string) =>
  queryOptions({
    queryKey: cardsTableKey(token, roomId),
    queryFn: () => getCardsTable(token, roomId),
    refetchInterval: 1000,
    refetchIntervalInBackground: false,
  });

/** Polled every second while the table shows. */
export const useCardsTable = (token: string, roomId: string | null) =>
  useQuery({ ...cardsTableQueryOptions(token, roomId ?? ''), enabled: roomId !== null });
