import type { CockfightState } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { liveTableInterval, refetchForEvent, usePushStatus, usePushTopic } from '../../../lib/push';
import { cockfightGame } from './game';

export const cockfightStateKey = (token: string) => cockfightGame.key(token, 'state');

/** The fight now (card, odds, phase, result once shown), my bets on it, the road and the balance. */
const getCockfightState = (token: string) => cockfightGame.get<CockfightState>(token, 'state');

const cockfightStateQueryOptions = (token: string) =>
  queryOptions({
    queryKey: cockfightStateKey(token),
    queryFn: () => getCockfightState(token),
    refetchIntervalInBackground: false,
  });

/**
 * The arena runs on the server's clock: with the push channel up it is asked again when a fight's
 * bets are settled (a push) and at each moment of the fight (betting closes, the result is shown,
 * the next fight opens); without it, every second.
 */
export function useCockfightState(token: string) {
  const qc = useQueryClient();
  const options = cockfightStateQueryOptions(token);
  const pushed = usePushStatus((s) => s.connected);
  usePushTopic('cockfight', () => void refetchForEvent(qc, { queryKey: options.queryKey }));
  return useQuery({
    ...options,
    refetchInterval: liveTableInterval<CockfightState>(pushed, (s) => ({
      serverNow: Date.parse(s.serverTime),
      moments: [s.fight.closesAt, s.fight.revealAt, s.fight.nextAt].map(Date.parse),
    })),
  });
}
