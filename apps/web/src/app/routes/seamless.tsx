import { useSearchParams } from 'react-router';
import { GameFrame } from '../../features/games/components/game-frame';
import { useGameToolbarBalance } from './game-frame';

/** /seamless?url=...: a launched game under the bare header (launch mode SEAMLESS), exit only. */
export function SeamlessPage() {
  const [params] = useSearchParams();
  const balance = useGameToolbarBalance();
  return (
    <GameFrame key={params.get('url')} url={params.get('url')} toolbar="exit-only" toolbarExtra={balance} />
  );
}
