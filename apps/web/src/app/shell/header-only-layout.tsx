import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useMobileShell } from '../../lib/shell-mode';
import { CentreOverlays } from './centre-overlays';
import { ErrorBoundary } from './error-boundary';
import { Header } from './header';
import { MobileHeader, TabBar } from './mobile-shell';
import { Popups } from './popups';
import '../../styles/mobile.css';

/**
 * Header only, its navigation hidden (SPEC section 2: /seamless, /lottery, /vnlottery). On a
 * phone the one-row header and the tab bar; a seamless game fills the screen.
 */
export function HeaderOnlyLayout() {
  const mobile = useMobileShell();
  const { pathname } = useLocation();
  const fullScreenGame = mobile && pathname === paths.seamless;
  return (
    <div className={mobile ? 'shell shell-header-only shell-mobile' : 'shell shell-header-only'}>
      {fullScreenGame ? null : mobile ? <MobileHeader /> : <Header navHidden />}
      <main id="main" className="page page-full">
        <ErrorBoundary>
          <Suspense fallback={<div className="skeleton-block" aria-busy="true" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {mobile && !fullScreenGame && <TabBar />}
      <CentreOverlays />
      <Popups />
    </div>
  );
}
