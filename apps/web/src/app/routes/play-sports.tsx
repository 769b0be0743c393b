import { useSearchParams } from 'react-router';
import { ticketOrNull, useGameTicket } from '../../lib/game-client/use-game-ticket';
import { SportsbookApp } from '../../features/house-sportsbook/components/sportsbook-app';

/** /play/sports?code=&lang=&backUrl=: the house sportsbook's client (football or esports). */
export function PlaySportsPage() {
  const [params] = useSearchParams();
  // The URL carries a one-time code; the game plays with the ticket it is exchanged for.
  const ticket = useGameTicket(params.get('code'));
  if (ticket.status === 'pending') return null;
  return (
    <SportsbookApp token={ticketOrNull(ticket)} lang={params.get('lang')} backUrl={params.get('backUrl')} />
  );
}
