import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { api } from '../api/client';
import { useSession } from '../auth/session';
import { LANGUAGE_NAMES, currentLanguage, setLanguage, type UiLanguage } from '../i18n';
import { Button, Icon, errorText, useToast } from '../ui';
import { NAV, allowed } from './routes';
import { savedTheme, setTheme, type Theme } from './theme';

/** The signed-in frame: sidebar of the sections the staff member may open, top bar, page. */
export function Layout() {
  const { session, loading, brand, setBrand, can, setSession } = useSession();
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [drawer, setDrawer] = useState(false);
  const [theme, setThemeState] = useState<Theme>(savedTheme);
  const [busy, setBusy] = useState(false);

  if (loading) return <div className="bo-center-note">…</div>;
  if (!session)
    return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;

  async function signOut(everywhere: boolean) {
    setBusy(true);
    try {
      await api.post(everywhere ? '/auth/logout-all' : '/auth/logout');
      setSession(null);
      queryClient.clear();
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={`bo-shell${drawer ? ' bo-drawer-open' : ''}`}>
      <aside className="bo-sidebar" aria-label={t('nav.menu')}>
        <div className="bo-brandmark">
          <Icon name="brand" /> <span className="bo-nav-label">{t('appName')}</span>
        </div>
        <nav className="bo-nav" onClick={() => setDrawer(false)}>
          {NAV.filter((n) => allowed(can, n.permission)).map((n) =>
            n.children ? (
              <div key={n.to}>
                <span className="bo-nav-group">{t(`nav.${n.label}`)}</span>
                {n.children
                  .filter((c) => allowed(can, c.permission))
                  .map((c) => (
                    <NavLink key={c.to} to={c.to} className="bo-nav-sub" title={t(`nav.${c.label}`)}>
                      <Icon name={c.icon} />
                      <span className="bo-nav-label">{t(`nav.${c.label}`)}</span>
                    </NavLink>
                  ))}
              </div>
            ) : (
              <NavLink key={n.to} to={n.to} title={t(`nav.${n.label}`)}>
                <Icon name={n.icon} />
                <span className="bo-nav-label">{t(`nav.${n.label}`)}</span>
              </NavLink>
            ),
          )}
        </nav>
      </aside>
      <div className="bo-main">
        <header className="bo-topbar">
          <button
            type="button"
            className="bo-icon-btn bo-menu-btn"
            aria-label={t('nav.menu')}
            aria-expanded={drawer}
            onClick={() => setDrawer(!drawer)}
          >
            ☰
          </button>
          <label className="bo-topbar-field">
            <span className="bo-muted bo-topbar-label">{t('topbar.brand')}</span>{' '}
            <select
              value={brand ?? ''}
              onChange={(e) => setBrand(e.target.value)}
              aria-label={t('topbar.brand')}
            >
              {session.brands.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name} ({b.code})
                </option>
              ))}
            </select>
          </label>
          <span className="bo-spacer" />
          <select
            value={currentLanguage()}
            onChange={(e) => void setLanguage(e.target.value as UiLanguage)}
            aria-label={t('topbar.language')}
          >
            {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="bo-icon-btn"
            aria-label={theme === 'dark' ? t('topbar.lightTheme') : t('topbar.darkTheme')}
            title={theme === 'dark' ? t('topbar.lightTheme') : t('topbar.darkTheme')}
            onClick={() => {
              const next = theme === 'dark' ? 'light' : 'dark';
              setTheme(next);
              setThemeState(next);
            }}
          >
            {theme === 'dark' ? '☀' : '☾'}
          </button>
          <NavLink to="/account" className="bo-topbar-user" title={t('nav.account')}>
            {session.staff.displayName || session.staff.username}
          </NavLink>
          <Button size="sm" busy={busy} onClick={() => void signOut(false)}>
            {t('topbar.signOut')}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => void signOut(true)}>
            {t('topbar.signOutAll')}
          </Button>
        </header>
        <main className="bo-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
