import type { CardsRoomId, CardsTable } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsGame } from './game';
import { cardsTableKey } from './get-cards-table';

interface JoinRequest {
  roomId: CardsRoomId;
  /** The coming hand: a retry names the same hand, so the ante is paid once. */
  handNo: number;
}

/** Takes a seat in the coming hand and pays its ante; answers the table. */
const joinHand = (token: string, body: JoinRequest) => cardsGame.post<CardsTable>(token, 'join', body);

export const useJoinHand = (token: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinRequest) => joinHand(token, body),
    onSuccess: (table) => qc.setQueryData(cardsTableKey(token, table.roomId), table),
  });
};
