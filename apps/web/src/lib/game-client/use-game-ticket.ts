import type { GameTicketValue } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR, api } from '../api-client';
import { session } from '../storage';

const storageKey = (code: string) => `gameTicket.${code}`;

/**
 * The launch URL's one-time code exchanged for the game ticket. The ticket is kept for this tab
 * only (session storage, keyed by the code), so a reload of the game page plays on although the
 * code in its URL is spent; logging out clears it with the rest of the session.
 */
async function exchange(code: string): Promise<string> {
  const known = session.get(storageKey(code));
  if (known) return known;
  const { token } = await api.post<GameTicketValue>('/wps/house/ticket', { code }, { session: false });
  session.set(storageKey(code), token);
  return token;
}

type GameTicketState = { status: 'pending' } | { status: 'ready'; token: string } | { status: 'failed' };

/**
 * The game ticket of a house game's page (?code=): pending while it is exchanged, failed when the
 * URL has no code or it was used, expired or its session ended (the game shows its ticket problem).
 */
export function useGameTicket(code: string | null): GameTicketState {
  const q = useQuery({
    queryKey: ['gameTicket', code],
    queryFn: () => exchange(code!),
    enabled: !!code,
    // One exchange per code: the answer never goes stale, and a refused code stays refused.
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (count, err) => err instanceof ApiError && err.code === NETWORK_ERROR && count < 2,
  });
  if (!code || q.isError) return { status: 'failed' };
  if (q.data) return { status: 'ready', token: q.data };
  return { status: 'pending' };
}

/** The ticket to hand a game client: null (its ticket problem) once the exchange failed. */
export const ticketOrNull = (t: GameTicketState): string | null => (t.status === 'ready' ? t.token : null);
