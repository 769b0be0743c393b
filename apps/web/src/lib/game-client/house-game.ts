import { GAME_TOKEN_HEADER } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, type RequestOptions } from '../api-client';

/**
 * A house game's calls carry the launch ticket instead of the member's session: the game may run
 * in a frame, on a phone, or where no one is logged in.
 */
const gameTokenOptions = (token: string): RequestOptions => ({
  headers: { [GAME_TOKEN_HEADER]: token },
  session: false,
});

type Params = Parameters<typeof api.get>[1];

/**
 * One house game's API as its client uses it, from the game's name (the first part of its query
 * keys) and its path (`/wps/house/slot`). `Info` is what `<path>/info` answers at launch, `Row` an
 * entry of the list `<path>/history` answers.
 */
export function houseGame<Info, Row = never>(name: string, path: string) {
  // Every query key starts with the game's name, then the ticket (another launch is another game).
  const key = <P extends readonly unknown[]>(token: string, ...parts: P) => [name, token, ...parts] as const;
  const get = <T>(token: string, endpoint: string, params?: Params) =>
    api.get<T>(`${path}/${endpoint}`, params, gameTokenOptions(token));
  const post = <T>(token: string, endpoint: string, body: unknown) =>
    api.post<T>(`${path}/${endpoint}`, body, gameTokenOptions(token));
  const keys = {
    all: (token: string) => key(token),
    info: (token: string) => key(token, 'info' as const),
    history: (token: string) => key(token, 'history' as const),
  };
  return {
    name,
    key,
    keys,
    get,
    post,
    /** Loaded once per launch: the balance then comes from the game's own answers. */
    infoQueryOptions: (token: string) =>
      queryOptions({
        queryKey: keys.info(token),
        queryFn: () => get<Info>(token, 'info'),
        staleTime: Infinity,
      }),
    /** The player's last rounds, newest first. */
    historyQueryOptions: (token: string) =>
      queryOptions({ queryKey: keys.history(token), queryFn: () => get<{ list: Row[] }>(token, 'history') }),
  };
}

export type HouseGame<Info, Row = never> = ReturnType<typeof houseGame<Info, Row>>;
