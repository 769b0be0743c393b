import { useSearchParams } from 'react-router';
import { SportsbookApp } from '../../features/house-sportsbook/components/sportsbook-app';

/** /play/sports?token=&lang=&backUrl=: the house sportsbook's client (football or esports). */
export function PlaySportsPage() {
  const [params] = useSearchParams();
  return (
    <SportsbookApp token={params.get('token')} lang={params.get('lang')} backUrl={params.get('backUrl')} />
  );
}
