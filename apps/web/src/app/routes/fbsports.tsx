import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { launchFbSports } from '../../features/games/api/launch-fb';
import { GameFrame } from '../../features/games/components/game-frame';
import { LOGIN_REQUIRED } from '../../lib/use-guard';
import { useErrorText } from '../../lib/error-text';
import { usePopups } from '../../lib/popups';
import { useSession } from '../../lib/session';
import '../../styles/lobby.css';

/** Logged out: what the page is, and the way in (SPEC section 4: starting a game requires login). */
function LoginToBet() {
  const { t } = useTranslation();
  const show = usePopups((s) => s.show);
  // The guard: arriving logged out opens the login popup once; the panel stays behind it.
  useEffect(() => show('login', LOGIN_REQUIRED), [show]);
  return (
    <section className="fb-panel" data-testid="fb-login">
      <h1>{t('lobby.fb.loginTitle')}</h1>
      <p>{t('lobby.fb.loginText')}</p>
      <button type="button" className="btn btn-primary btn-lg" onClick={() => show('login', LOGIN_REQUIRED)}>
        {t('lobby.fb.loginButton')}
      </button>
    </section>
  );
}

function FbSportsFrame({ customerId }: { customerId: number | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // A launch is a one-off ticket: never served from cache, never re-launched behind the player's back.
  const launch = useQuery({
    queryKey: ['games', 'launchFb', customerId],
    queryFn: launchFbSports,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (launch.isPending)
    return <div className="skeleton-block" aria-busy="true" aria-label={t('common.loading')} />;
  if (launch.isError) {
    return (
      <div className="fb-panel" role="alert" data-testid="fb-error">
        <h1>{t('lobby.fb.title')}</h1>
        <p>{errorText(launch.error)}</p>
        <button type="button" className="btn" onClick={() => void launch.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <GameFrame url={launch.data.url} name={launch.data.gameName} />;
}

/** /fbsports: the FB sports vendor's lobby (GCS_gameLaunchFB) in the game frame. */
export function FbSportsPage() {
  const token = useSession((s) => s.token);
  const customerId = useSession((s) => s.customerId);
  if (!token) return <LoginToBet />;
  return <FbSportsFrame key={customerId ?? 0} customerId={customerId} />;
}
