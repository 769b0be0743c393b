import { LOGIN_FREE_ROUTES } from '@app/contracts';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BannerCarousel } from '../../features/messages/components/banner-carousel';
import { NoticeBar } from '../../features/messages/components/notice-bar';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand';
import { getToken } from '../../lib/storage';
import { CentreOverlays } from './centre-overlays';
import { ErrorBoundary } from './error-boundary';
import { bannerGroupFor, isHomePath } from './banner-group';
import { Header } from './header';
import { CategoryRow, MobileHeader, TabBar } from './mobile-shell';
import { Popups } from './popups';
import { RightBar } from './right-bar';
import { useMobileShell } from '../../lib/shell-mode';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import '../../styles/mobile.css';

// Below the fold: loaded after the first screen.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
/**
 * Header, banner area with the notice bar, the page, right bar and footer. On a phone: the one-row
 * header, the categories under the banner and the bottom tab bar (the right bar's links move into
 * the menu); a launched game there fills the screen, its own toolbar the way back.
 */
export function Layout() {
  const { t } = useTranslation();
  const brand = useBrand();
  const mobile = useMobileShell();
  const { pathname } = useLocation();
  // The first render draws the top of the screen (header, notices, banner, a phone's categories)
  // and the popups; the page, footer and side and tab bars follow a task later. Each render is
  // then half as long on a phone (together 85-130 ms at 4x CPU slowdown, measured), and as the
  // rest comes below (or fixed over) what is there, nothing moves.
  const rest = useAfterFirstPaint();
  // A new page starts at the top; hash links (help sections) keep their place.
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollTo, which must not become the cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);

  // Brands with loginedToHomePage keep every page but the login-free ones behind a session.
  if (
    brand.loginedToHomePage &&
    !getToken() &&
    !(LOGIN_FREE_ROUTES as readonly string[]).includes(pathname)
  ) {
    return <Navigate to={paths.login} replace />;
  }

  const group = bannerGroupFor(pathname);
  const home = isHomePath(pathname);
  const fullScreenGame = mobile && pathname === paths.game;
  return (
    <div className={mobile ? 'shell shell-mobile' : 'shell'}>
      <a className="skip-link" href="#main">
        {t('common.skip')}
      </a>
      {fullScreenGame ? null : mobile ? <MobileHeader /> : <Header />}
      {!fullScreenGame && (
        <ErrorBoundary>
          {!home && <NoticeBar />}
          {/* Keyed by path: the carousel is rebuilt on every route change. */}
          {group && <BannerCarousel key={pathname} group={group} />}
          {mobile && <CategoryRow />}
          {home && <NoticeBar />}
        </ErrorBoundary>
      )}
      {rest && (
        <>
          <main id="main" className="page">
            <ErrorBoundary>
              {/* As tall as the screen while a page's code loads: the footer waits below the fold. */}
              <Suspense fallback={<div className="skeleton-block page-pending" aria-busy="true" />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
          {!fullScreenGame && (
            <ErrorBoundary>
              <Suspense fallback={null}>
                <Footer />
              </Suspense>
            </ErrorBoundary>
          )}
          {/* The points mall has no side menu (SPEC section 2). */}
          {!mobile && pathname !== paths.pointMall && <RightBar />}
          {mobile && !fullScreenGame && <TabBar />}
        </>
      )}
      <CentreOverlays />
      <Popups />
    </div>
  );
}
