import { useSearchParams } from 'react-router';
import { BaccaratGame } from '../../features/house-baccarat/components/baccarat-game';

/** /play/baccarat?token=&lang=&backUrl=: the house live baccarat's game client, outside the site's shell. */
export function PlayBaccaratPage() {
  const [params] = useSearchParams();
  return (
    <BaccaratGame token={params.get('token')} lang={params.get('lang')} backUrl={params.get('backUrl')} />
  );
}
