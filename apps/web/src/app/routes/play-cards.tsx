import { useSearchParams } from 'react-router';
import { CardsGame } from '../../features/house-cards/components/cards-game';

/** /play/cards?token=&lang=&backUrl=: the house card game's client, outside the site's shell. */
export function PlayCardsPage() {
  const [params] = useSearchParams();
  return <CardsGame token={params.get('token')} lang={params.get('lang')} backUrl={params.get('backUrl')} />;
}
