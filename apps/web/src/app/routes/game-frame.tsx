import { useSearchParams } from 'react-router';
import { GameFrame } from '../../features/games/components/game-frame';

/** /game?url=...[&name=...]: a launched game inside the site's shell (launch mode FRAME). */
export function GameFramePage() {
  const [params] = useSearchParams();
  return <GameFrame key={params.get('url')} url={params.get('url')} name={params.get('name')} />;
}
