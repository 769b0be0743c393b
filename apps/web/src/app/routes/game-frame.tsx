import { useSearchParams } from 'react-router';
import { GameFrame } from '../../features/games/components/game-frame';
import { HeaderBalance } from '../../features/wallet/components/header-balance';
import { useSession } from '../../lib/session';
import { useMobileShell } from '../../lib/shell-mode';

/**
 * The balance in a game's toolbar on a phone, where the game fills the screen and covers the
 * header's (nothing elsewhere: the header shows it).
 */
export function useGameToolbarBalance() {
  const member = useSession((s) => s.token !== null);
  const mobile = useMobileShell();
  return member && mobile ? <HeaderBalance compact /> : null;
}

/** /game?url=...[&name=...]: a launched game inside the site's shell (launch mode FRAME). */
export function GameFramePage() {
  const [params] = useSearchParams();
  const balance = useGameToolbarBalance();
  return (
    <GameFrame
      key={params.get('url')}
      url={params.get('url')}
      name={params.get('name')}
      toolbarExtra={balance}
    />
  );
}
