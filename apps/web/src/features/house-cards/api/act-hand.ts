import type { CardsAction, CardsRoomId, CardsTable } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cardsKeys, gameTokenOptions } from './game-token';

export interface ActRequest {
  roomId: CardsRoomId;
  handNo: number;
  action: CardsAction;
}

/** Play (a second bet equal to the ante) or fold; answers the table (the showdown, if it came). */
export const actHand = (token: string, body: ActRequest) =>
  api.post<CardsTable>('/wps/house/cards/act', body, gameTokenOptions(token));

export const useActHand = (token: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ActRequest) => actHand(token, body),
    onSuccess: (table) => {
      qc.setQueryData(cardsKeys.table(token, table.roomId), table);
      void qc.invalidateQueries({ queryKey: cardsKeys.history(token) });
    },
  });
};
