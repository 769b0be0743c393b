import type { BaccaratBetRequest, BaccaratBetResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { baccaratGame } from './game';

/** One bet on one spot of the open round; a repeat of the same bet moves no more money. */
const placeBaccaratBet = (token: string, body: BaccaratBetRequest) =>
  baccaratGame.post<BaccaratBetResult>(token, 'bet', body);

export const usePlaceBaccaratBet = (token: string) =>
  useMutation({ mutationFn: (body: BaccaratBetRequest) => placeBaccaratBet(token, body) });
