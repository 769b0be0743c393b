import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { VendorMenu } from '../../features/games/components/vendor-menu';
import { useVendors } from '../../features/games/api/get-vendors';
import { navCategories } from '../../features/games/nav-categories';
import { paths } from '../../config/paths';
import { mediaUrl, useBrand } from '../../lib/brand';
import { TopBar } from './top-bar';

/** Bottom navigation: logo, Home, each category with vendors (cockfight hidden), Promotions, App. */
function MainNav() {
  const { t } = useTranslation();
  const brand = useBrand();
  const vendors = useVendors();
  const categories = navCategories(vendors.data ?? []).filter((c) => c.type !== 'COCKFIGHT');

  return (
    <nav className="main-nav" aria-label={t('header.mainNav')}>
      <div className="main-nav-inner">
        <Link to={paths.home} className="logo" aria-label={brand.brandName}>
          <img src={mediaUrl(brand, brand.logoUrl)} alt={brand.brandName} width={160} height={40} />
        </Link>
        <ul className="nav-items" data-testid="main-nav">
          <li>
            <NavLink to={paths.home} end>
              {t('header.home')}
            </NavLink>
          </li>
          {categories.map((c) => (
            <li
              key={c.type}
              className={c.type === 'FISH' ? 'nav-cat' : 'nav-cat has-menu'}
              data-testid={`nav-${c.type}`}
            >
              <NavLink to={paths.category(c.type)}>{t(`categories.${c.type}`)}</NavLink>
              {c.type !== 'FISH' && <VendorMenu type={c.type} vendors={c.vendors} />}
            </li>
          ))}
          {/* After the categories, so with them: coming first, they would be pushed along the row. */}
          {!vendors.isPending && (
            <>
              <li>
                <NavLink to={paths.promotions}>{t('header.promotions')}</NavLink>
              </li>
              <li>
                <NavLink to={paths.down}>{t('header.app')}</NavLink>
              </li>
            </>
          )}
        </ul>
      </div>
    </nav>
  );
}

/** The site header; `navHidden` leaves out the bottom navigation (header-only pages). */
export function Header({ navHidden = false }: { navHidden?: boolean }) {
  return (
    <header className="site-header">
      <TopBar />
      {!navHidden && <MainNav />}
    </header>
  );
}
