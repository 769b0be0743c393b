import { LOGIN_FREE_ROUTES } from '@app/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BannerCarousel } from '../../features/messages/components/banner-carousel';
import { NoticeBar } from '../../features/messages/components/notice-bar';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand';
import { i18n } from '../../lib/i18n';
import { usePopups } from '../../lib/popups';
import { getToken } from '../../lib/storage';
import { ErrorBoundary } from './error-boundary';
import { bannerGroupFor, isHomePath } from './banner-group';
import { Header } from './header';
import { Popups } from './popups';
import { RightBar } from './right-bar';

// Below the fold: loaded after the first screen.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
// Its own chunk, loaded when opened (popup, or the ?member= link described in member-centre.tsx).
const MemberCentre = lazy(() => import('./member-centre').then((m) => ({ default: m.MemberCentre })));
// The agent centre likewise, with its texts (the `agent` namespace) loaded alongside.
const AgentCentre = lazy(() =>
  Promise.all([import('./agent-centre'), i18n.loadNamespaces('agent')]).then(([m]) => ({
    default: m.AgentCentre,
  })),
);

/** Header, banner area with the notice bar, the page, right bar and footer. */
export function Layout() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { pathname, search } = useLocation();
  const memberCentreOpen = usePopups((s) => s.open === 'memberCentre');
  const memberCentreWanted = memberCentreOpen || new URLSearchParams(search).has('member');
  // Mounted once opened, then kept: closing it must not unload its chunk or its state.
  const agentCentreOpen = usePopups((s) => s.open === 'agentCentre');
  const [agentCentreWanted, setAgentCentreWanted] = useState(false);
  if (agentCentreOpen && !agentCentreWanted) setAgentCentreWanted(true);
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
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('common.skip')}
      </a>
      <Header />
      <ErrorBoundary>
        {!home && <NoticeBar />}
        {/* Keyed by path: the carousel is rebuilt on every route change. */}
        {group && <BannerCarousel key={pathname} group={group} />}
        {home && <NoticeBar />}
      </ErrorBoundary>
      <main id="main" className="page">
        <ErrorBoundary>
          <Suspense fallback={<div className="skeleton-block" aria-busy="true" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <ErrorBoundary>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </ErrorBoundary>
      {/* The points mall has no side menu (SPEC section 2). */}
      {pathname !== paths.pointMall && <RightBar />}
      {memberCentreWanted && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <MemberCentre />
          </Suspense>
        </ErrorBoundary>
      )}
      {agentCentreWanted && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <AgentCentre />
          </Suspense>
        </ErrorBoundary>
      )}
      <Popups />
    </div>
  );
}
