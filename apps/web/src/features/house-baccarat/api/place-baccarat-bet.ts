import type { BaccaratBetRequest, BaccaratBetResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameTokenOptions } from './game-token';

/** One bet on one spot of the open round; a repeat of the same bet moves no more money. */
export const placeBaccaratBet = (token: string, body: BaccaratBetRequest) =>
  api.post<BaccaratBetResult>('/wps/house/baccarat/bet', body, gameTokenOptions(token));

export const usePlaceBaccaratBet = (token: string) =>
  useMutation({ mutationFn: (body: BaccaratBetRequest) => placeBaccaratBet(token, body) });
