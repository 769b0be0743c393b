import type { CardsAction, CardsRoomId, CardsTable } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsGame } from './game';
import { cardsTableKey } from './get-cards-table';

interface ActRequest {
  roomId: CardsRoomId;
  handNo: number;
  action: CardsAction;
}

/** Play (a second bet equal to the ante) or fold; answers the table (the showdown, if it came). */
const actHand = (token: string, body: ActRequest) => cardsGame.post<CardsTable>(token, 'act', body);

export const useActHand = (token: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ActRequest) => actHand(token, body),
    onSuccess: (table) => {
      qc.setQueryData(cardsTableKey(token, table.roomId), table);
      void qc.invalidateQueries({ queryKey: cardsGame.keys.history(token) });
    },
  });
};
