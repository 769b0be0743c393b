import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { paths } from '../../config/paths';
import { useVendors } from '../../features/games/api/get-vendors';
import { navCategories } from '../../features/games/nav-categories';
import { HeaderBalance } from '../../features/wallet/components/header-balance';
import { mediaUrl, useBrand } from '../../lib/brand';
import { i18n } from '../../lib/i18n';
import { usePopups } from '../../lib/popups';
import { useSession } from '../../lib/session';
import { useGuard } from '../../lib/use-guard';
import { LoggedOut, useLoggedInHeader } from './account-area';
import type { CentrePage } from './account-entries';

// The phone menu (service links, clock, language, account entries): loaded when first opened,
// with its texts (the `mobile` namespace).
const MobileMenu = lazy(() =>
  Promise.all([import('./mobile-menu'), i18n.loadNamespaces('mobile')]).then(([m]) => ({
    default: m.MobileMenu,
  })),
);

/** The categories the navigation offers (cockfight has its own place on the home page). */
function useNavCategories() {
  const vendors = useVendors();
  return navCategories(vendors.data ?? []).filter((c) => c.type !== 'COCKFIGHT');
}

/** Opens a member-centre page behind the session guard (login first, trial accounts warned). */
function useOpenCentre() {
  const guard = useGuard();
  const show = usePopups((s) => s.show);
  return (page: CentrePage) => guard(() => show('memberCentre', { page }));
}

/** The logged-in part of the phone header: balance, the deposit shortcut and the account button. */
function MemberTools({ onMenu, menuOpen }: { onMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const openCentre = useOpenCentre();
  const { name, label, labelColor } = useLoggedInHeader();
  return (
    <>
      <HeaderBalance compact />
      <button
        type="button"
        className="m-icon-btn m-deposit"
        aria-label={t('header.deposit')}
        title={t('header.deposit')}
        onClick={() => openCentre('depositv2')}
        data-testid="m-deposit"
      >
        <Icon name="plus" size={22} />
      </button>
      <button
        type="button"
        className="m-icon-btn m-account"
        aria-label={t('header.menu')}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onClick={onMenu}
        data-testid="m-menu-button"
      >
        <span
          className="avatar"
          aria-hidden="true"
          style={{ boxShadow: `0 0 0 2px ${labelColor}` }}
          data-testid="member-label"
          data-color={labelColor}
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="visually-hidden" data-testid="account-name">
          {name}
          {label?.labelName ? ` ${label.labelName}` : ''}
        </span>
      </button>
    </>
  );
}

/**
 * The phone header: one row of logo, balance (hide and refresh), deposit and the account button
 * (which opens the menu); logged out, Log in, Sign up and the menu. The clock, service links and
 * language live in the menu.
 */
export function MobileHeader() {
  const { t } = useTranslation();
  const brand = useBrand();
  const token = useSession((s) => s.token);
  const [menu, setMenu] = useState<'closed' | 'open' | 'loaded'>('closed');
  const open = () => setMenu('open');
  return (
    <header className="site-header m-header">
      <div className="m-header-row">
        <Link to={paths.home} className="m-logo" aria-label={brand.brandName}>
          <img src={mediaUrl(brand, brand.logoUrl)} alt={brand.brandName} width={160} height={40} />
        </Link>
        {token ? (
          <MemberTools onMenu={open} menuOpen={menu === 'open'} />
        ) : (
          <>
            <LoggedOut />
            <button
              type="button"
              className="m-icon-btn"
              aria-label={t('header.menu')}
              aria-haspopup="dialog"
              aria-expanded={menu === 'open'}
              onClick={open}
              data-testid="m-menu-button"
            >
              <Icon name="menu" size={24} />
            </button>
          </>
        )}
      </div>
      {menu !== 'closed' && (
        <Suspense fallback={null}>
          <MobileMenu open={menu === 'open'} onClose={() => setMenu('loaded')} />
        </Suspense>
      )}
    </header>
  );
}

/**
 * The game categories as a row of chips under the banner, swiped sideways with the thumb; the
 * current category is scrolled into view.
 */
export function CategoryRow() {
  const { t } = useTranslation();
  const categories = useNavCategories();
  const pending = useVendors().isPending;
  // The row's place is kept while the vendors load: the page under it must not jump down when it comes.
  if (pending) return <div className="m-categories m-categories-pending" aria-hidden="true" />;
  if (categories.length === 0) return null;
  return (
    <nav className="m-categories" aria-label={t('header.categories')} data-testid="m-categories">
      <ul>
        <li>
          <NavLink to={paths.hot}>{t('lobby.hot')}</NavLink>
        </li>
        {categories.map((c) => (
          <li key={c.type}>
            <NavLink to={paths.category(c.type)} data-testid={`m-cat-${c.type}`}>
              {t(`categories.${c.type}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The bottom tab bar, within thumb reach: home, games (the first category; lit on any category
 * page), promotions, deposit and the member centre (both behind the session guard).
 */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const categories = useNavCategories();
  const openCentre = useOpenCentre();
  const centre = usePopups((s) =>
    s.open === 'memberCentre' ? ((s.data as { page?: string } | null)?.page ?? 'securityCenter') : null,
  );
  const categoryPaths = categories.map((c) => paths.category(c.type));
  const gamesPath = categoryPaths[0] ?? paths.hot;
  const onGames = pathname === paths.hot || categoryPaths.includes(pathname);
  return (
    <nav className="tab-bar" aria-label={t('header.tabs')} data-testid="tab-bar">
      <NavLink to={paths.home} end className={({ isActive }) => (isActive && !centre ? 'active' : '')}>
        <Icon name="home" size={22} />
        <span>{t('header.home')}</span>
      </NavLink>
      <Link
        to={gamesPath}
        className={onGames && !centre ? 'active' : ''}
        aria-current={onGames && !centre ? 'page' : undefined}
        data-testid="tab-games"
      >
        <Icon name="tables" size={22} />
        <span>{t('header.games')}</span>
      </Link>
      <NavLink to={paths.promotions} className={({ isActive }) => (isActive && !centre ? 'active' : '')}>
        <Icon name="gift" size={22} />
        <span>{t('header.promotions')}</span>
      </NavLink>
      <button
        type="button"
        className={centre === 'depositv2' ? 'active' : ''}
        aria-current={centre === 'depositv2' ? 'page' : undefined}
        onClick={() => openCentre('depositv2')}
        data-testid="tab-deposit"
      >
        <Icon name="wallet" size={22} />
        <span>{t('header.deposit')}</span>
      </button>
      <button
        type="button"
        className={centre && centre !== 'depositv2' ? 'active' : ''}
        aria-current={centre && centre !== 'depositv2' ? 'page' : undefined}
        onClick={() => openCentre('securityCenter')}
        data-testid="tab-member"
      >
        <Icon name="user" size={22} />
        <span>{t('header.me')}</span>
      </button>
    </nav>
  );
}
