import { useSearchParams } from 'react-router';
import { FishGame } from '../../features/house-fish/components/fish-game';

/** /play/fish?token=&lang=&backUrl=: the house fishing shooter's game client, outside the site's shell. */
export function PlayFishPage() {
  const [params] = useSearchParams();
  return <FishGame token={params.get('token')} lang={params.get('lang')} backUrl={params.get('backUrl')} />;
}
