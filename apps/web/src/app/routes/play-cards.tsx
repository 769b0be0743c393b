import { useSearchParams } from 'react-router';
import { ticketOrNull, useGameTicket } from '../../lib/game-client/use-game-ticket';
import { CardsGame } from '../../features/house-cards/components/cards-game';

/** /play/cards?code=&lang=&backUrl=: the house card game's client, outside the site's shell. */
export function PlayCardsPage() {
  const [params] = useSearchParams();
  // The URL carries a one-time code; the game plays with the ticket it is exchanged for.
  const ticket = useGameTicket(params.get('code'));
  if (ticket.status === 'pending') return null;
  return <CardsGame token={ticketOrNull(ticket)} lang={params.get('lang')} backUrl={params.get('backUrl')} />;
}
