import { useSearchParams } from 'react-router';
import { ticketOrNull, useGameTicket } from '../../lib/game-client/use-game-ticket';
import { SlotMachine } from '../../features/house-slot/components/slot-machine';

/** /play/slot?code=&lang=&backUrl=: the house slot's game client, outside the site's shell. */
export function PlaySlotPage() {
  const [params] = useSearchParams();
  // The URL carries a one-time code; the game plays with the ticket it is exchanged for.
  const ticket = useGameTicket(params.get('code'));
  if (ticket.status === 'pending') return null;
  return (
    <SlotMachine token={ticketOrNull(ticket)} lang={params.get('lang')} backUrl={params.get('backUrl')} />
  );
}
