import { useSearchParams } from 'react-router';
import { ticketOrNull, useGameTicket } from '../../lib/game-client/use-game-ticket';
import { CockfightGame } from '../../features/house-cockfight/components/cockfight-game';

/** /play/cockfight?code=&lang=&backUrl=: the cockfight arena's game client, outside the site's shell. */
export function PlayCockfightPage() {
  const [params] = useSearchParams();
  // The URL carries a one-time code; the game plays with the ticket it is exchanged for.
  const ticket = useGameTicket(params.get('code'));
  if (ticket.status === 'pending') return null;
  return (
    <CockfightGame token={ticketOrNull(ticket)} lang={params.get('lang')} backUrl={params.get('backUrl')} />
  );
}
