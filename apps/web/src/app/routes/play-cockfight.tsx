import { useSearchParams } from 'react-router';
import { CockfightGame } from '../../features/house-cockfight/components/cockfight-game';

/** /play/cockfight?token=&lang=&backUrl=: the cockfight arena's game client, outside the site's shell. */
export function PlayCockfightPage() {
  const [params] = useSearchParams();
  return (
    <CockfightGame token={params.get('token')} lang={params.get('lang')} backUrl={params.get('backUrl')} />
  );
}
