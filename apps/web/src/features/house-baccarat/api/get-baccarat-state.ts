import type { BaccaratState } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { liveTableInterval, refetchForEvent, usePushStatus, usePushTopic } from '../../../lib/push';
import { baccaratGame } from './game';

export const baccaratStateKey = (token: string, table: number) => baccaratGame.key(token, 'state', table);

/** One table now, with the player's bets on its round and the balance. */
const getBaccaratState = (token: string, table: number) =>
  baccaratGame.get<BaccaratState>(token, 'state', { table });

const baccaratStateQueryOptions = (token: string, table: number) =>
  queryOptions({ queryKey: baccaratStateKey(token, table), queryFn: () => getBaccaratState(token, table) });

/**
 * The table while it shows. With the push channel up, the cards arrive the moment they are dealt
 * and the table is asked again only when its clock moves on (betting closes, the next round
 * opens); without it, every second as before.
 */
export function useBaccaratState(token: string, table: number) {
  const qc = useQueryClient();
  const options = baccaratStateQueryOptions(token, table);
  const pushed = usePushStatus((s) => s.connected);
  usePushTopic(`baccarat:${table}`, () => void refetchForEvent(qc, { queryKey: options.queryKey }));
  return useQuery({
    ...options,
    // The deal follows the close by a moment: asked then too, in case its notice is late.
    refetchInterval: liveTableInterval<BaccaratState>(pushed, (s) => ({
      serverNow: s.serverTime,
      moments: [s.closesAt, s.closesAt + 1_500, s.nextOpensAt],
    })),
  });
}
