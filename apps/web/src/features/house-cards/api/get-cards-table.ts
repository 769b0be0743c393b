import type { CardsTable } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { liveTableInterval, refetchForEvent, usePushStatus, usePushTopic } from '../../../lib/push';
import { cardsGame } from './game';

export const cardsTableKey = (token: string, roomId: string) => cardsGame.key(token, 'table', roomId);

/** The table as this player sees it (the call also moves the room's hands along). */
const getCardsTable = (token: string, roomId: string) =>
  cardsGame.get<CardsTable>(token, 'table', { roomId });

const cardsTableQueryOptions = (token: string, roomId: string) =>
  queryOptions({
    queryKey: cardsTableKey(token, roomId),
    queryFn: () => getCardsTable(token, roomId),
    refetchIntervalInBackground: false,
  });

/**
 * The table while it shows. With the push channel up, a hand is shown the moment it is dealt or
 * shown down and asked again at the room's next moments (the decision window closes, the next
 * hand is dealt), at most every 3 s as a backstop for other seats' decisions; without it, every
 * second.
 */
export function useCardsTable(token: string, roomId: string | null) {
  const qc = useQueryClient();
  const options = cardsTableQueryOptions(token, roomId ?? '');
  const pushed = usePushStatus((s) => s.connected);
  usePushTopic(
    roomId ? `cards:${roomId}` : null,
    () => void refetchForEvent(qc, { queryKey: options.queryKey }),
  );
  return useQuery({
    ...options,
    enabled: roomId !== null,
    refetchInterval: liveTableInterval<CardsTable>(
      pushed,
      (s) => ({
        serverNow: Date.parse(s.serverTime),
        moments: [s.next.dealAt, ...(s.hand && !s.hand.settled ? [s.hand.decideBy] : [])].map(Date.parse),
      }),
      3_000,
    ),
  });
}
