import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVendors } from '../../features/games/api/get-vendors';
import { VendorStrip } from '../../features/games/components/vendor-strip';
import { navCategories } from '../../features/games/nav-categories';
import { useHelpCenter } from '../../features/system/api/get-help-center';
import { paths } from '../../config/paths';
import { mediaUrl, useBrand } from '../../lib/brand';
import { LogoRow } from '../../components/ui/logo-row';
import { AGE_BADGE, artworkLogos, CERTIFICATES, PAYMENT_METHODS } from './artwork';

/** Licence, help menu, products, rewards (promotions, VIP, points mall), certificates, payment methods, responsible gaming, vendor strip. */
export function Footer() {
  const { t } = useTranslation();
  const brand = useBrand();
  const help = useHelpCenter();
  const vendors = useVendors();
  const products = navCategories(vendors.data ?? []);

  return (
    <footer className="site-footer" data-testid="footer">
      <VendorStrip />
      <div className="footer-grid">
        <section>
          <h2>{t('footer.help')}</h2>
          <ul className="footer-links" data-testid="footer-help">
            {(help.data?.list ?? []).map((s) => (
              <li key={s.tag}>
                <Link to={paths.helpSection(s.tag)}>{s.title}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{t('footer.products')}</h2>
          <ul className="footer-links" data-testid="footer-products">
            {products.map((c) => (
              <li key={c.type}>
                <Link to={paths.category(c.type)}>{t(`categories.${c.type}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{t('footer.rewards')}</h2>
          <ul className="footer-links" data-testid="footer-rewards">
            <li>
              <Link to={paths.promotions}>{t('header.promotions')}</Link>
            </li>
            <li>
              <Link to={paths.vip}>{t('footer.vip')}</Link>
            </li>
            <li>
              <Link to={paths.pointMall}>{t('footer.pointMall')}</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>{t('footer.certificates')}</h2>
          <LogoRow logos={artworkLogos(brand, CERTIFICATES)} width={56} height={56} />
        </section>
        <section>
          <h2>{t('footer.payments')}</h2>
          <LogoRow logos={artworkLogos(brand, PAYMENT_METHODS)} width={80} height={32} />
        </section>
      </div>
      <div className="footer-bottom">
        <section className="responsible">
          <img
            src={mediaUrl(brand, AGE_BADGE.file)}
            alt={AGE_BADGE.name}
            width={40}
            height={40}
            loading="lazy"
          />
          <p>
            <strong>{t('footer.responsibleTitle')}</strong> {t('footer.responsibleText')}{' '}
            <Link to={paths.helpSection('responsible')}>{t('footer.responsibleLink')}</Link>
          </p>
        </section>
        <p className="licence" data-testid="licence">
          {brand.licence}
        </p>
        <p className="copyright">
          {t('footer.copyright', { year: new Date().getFullYear(), brand: brand.brandName })}
        </p>
      </div>
    </footer>
  );
}
