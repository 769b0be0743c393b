import { useSearchParams } from 'react-router';
import { ticketOrNull, useGameTicket } from '../../lib/game-client/use-game-ticket';
import { BaccaratGame } from '../../features/house-baccarat/components/baccarat-game';

/** /play/baccarat?code=&lang=&backUrl=: the house live baccarat's game client, outside the site's shell. */
export function PlayBaccaratPage() {
  const [params] = useSearchParams();
  // The URL carries a one-time code; the game plays with the ticket it is exchanged for.
  const ticket = useGameTicket(params.get('code'));
  if (ticket.status === 'pending') return null;
  return (
    <BaccaratGame token={ticketOrNull(ticket)} lang={params.get('lang')} backUrl={params.get('backUrl')} />
  );
}
