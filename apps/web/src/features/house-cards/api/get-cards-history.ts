import type { CardsHistory } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cardsKeys, gameTokenOptions } from './game-token';

/** The player's last hands (CARDS_HISTORY_SIZE), newest first. */
export const getCardsHistory = (token: string) =>
  api.get<CardsHistory>('/wps/house/cards/history', undefined, gameTokenOptions(token));

export const cardsHistoryQueryOptions = (token: string) =>
  queryOptions({ queryKey: cardsKeys.history(token), queryFn: () => getCardsHistory(token) });

/** Fetched while the panel is open. */
export const useCardsHistory = (token: string, enabled: boolean) =>
  useQuery({ ...cardsHistoryQueryOptions(token), enabled });
