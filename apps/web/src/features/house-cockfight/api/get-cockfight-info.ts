import type { CockfightInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cockfightKeys, gameTokenOptions } from './game-token';

/** Arena facts: balance, chips, bet limits, phase lengths and the published figures. */
export const getCockfightInfo = (token: string) =>
  api.get<CockfightInfo>('/wps/house/cockfight/info', undefined, gameTokenOptions(token));

// Loaded once per launch: the balance then comes from each state answer.
export const cockfightInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: cockfightKeys.info(token),
    queryFn: () => getCockfightInfo(token),
    staleTime: Infinity,
  });

export const useCockfightInfo = (token: string) => useQuery(cockfightInfoQueryOptions(token));
