import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { Header } from './header';
import { Popups } from './popups';

/** Header only, its navigation hidden (SPEC section 2: /seamless, /lottery, /vnlottery). */
export function HeaderOnlyLayout() {
  return (
    <div className="shell shell-header-only">
      <Header navHidden />
      <main id="main" className="page page-full">
        <ErrorBoundary>
          <Suspense fallback={<div className="skeleton-block" aria-busy="true" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Popups />
    </div>
  );
}
