import { useSearchParams } from 'react-router';
import { ticketOrNull, useGameTicket } from '../../lib/game-client/use-game-ticket';
import { FishGame } from '../../features/house-fish/components/fish-game';

/** /play/fish?code=&lang=&backUrl=: the house fishing shooter's game client, outside the site's shell. */
export function PlayFishPage() {
  const [params] = useSearchParams();
  // The URL carries a one-time code; the game plays with the ticket it is exchanged for.
  const ticket = useGameTicket(params.get('code'));
  if (ticket.status === 'pending') return null;
  return <FishGame token={ticketOrNull(ticket)} lang={params.get('lang')} backUrl={params.get('backUrl')} />;
}
