import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { Modal } from '../../components/ui/modal';
import { paths } from '../../config/paths';
import { useVendors } from '../../features/games/api/get-vendors';
import { navCategories } from '../../features/games/nav-categories';
import { useCustomerService } from '../../features/system/hooks/use-customer-service';
import { useHasHelpTag } from '../../features/system/hooks/use-has-help-tag';
import { useBrand } from '../../lib/brand';
import { usePopups } from '../../lib/popups';
import { useSession } from '../../lib/session';
import { isMobileForced, setMobileForced } from '../../lib/shell-mode';
import { useAccountEntries } from './account-entries';
import { Clock } from './clock';
import { socialLinks, useThemeToggle } from './right-bar';
import { LanguageSwitcher, LiveChatBadge } from './top-bar';

/** The logged-in member's entries (records, cashier, security, agent centre, logout). */
function AccountSection({ close }: { close: () => void }) {
  const { t } = useTranslation('mobile');
  const entries = useAccountEntries();
  return (
    <section className="m-menu-section" aria-labelledby="m-menu-account">
      <h3 id="m-menu-account">{t('account')}</h3>
      <ul className="m-menu-list">
        {entries.map((e) => (
          <li key={e.key}>
            <button
              type="button"
              onClick={() => {
                close();
                e.run();
              }}
              data-testid={`menu-${e.key}`}
            >
              {e.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The phone menu, a full-screen sheet: the account's entries (or log in and sign up), every game
 * category and the site's pages, customer service and the brand's support links, then language,
 * theme and the clock. Everything the desktop top bar and right bar offer is here.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('mobile');
  const brand = useBrand();
  const show = usePopups((s) => s.show);
  const token = useSession((s) => s.token);
  const vendors = useVendors();
  const categories = navCategories(vendors.data ?? []);
  const openChat = useCustomerService();
  const hasAgentHelp = useHasHelpTag('agent');
  const { theme, toggle } = useThemeToggle();
  const forced = isMobileForced();
  const pages = [
    { to: paths.promotions, label: t('header.promotions') },
    { to: paths.vip, label: t('footer.vip') },
    { to: paths.pointMall, label: t('footer.pointMall') },
    { to: paths.join, label: t('rightBar.referral') },
    { to: paths.help, label: t('footer.help') },
    { to: paths.down, label: t('header.app') },
  ];
  const link = (to: string, label: string, testId?: string) => (
    <Link to={to} onClick={onClose} data-testid={testId}>
      {label}
    </Link>
  );

  return (
    <Modal id="mobileMenu" title={t('title')} open={open} onClose={onClose} closeLabel={t('common.close')}>
      <div className="m-menu" data-testid="m-menu">
        {token ? (
          <AccountSection close={onClose} />
        ) : (
          <div className="m-menu-auth">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                onClose();
                show('login');
              }}
            >
              {t('header.login')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                onClose();
                show('register');
              }}
            >
              {t('header.signup')}
            </button>
          </div>
        )}

        <section className="m-menu-section" aria-labelledby="m-menu-games">
          <h3 id="m-menu-games">{t('games')}</h3>
          <ul className="m-menu-grid">
            <li>{link(paths.hot, t('lobby.hotTitle'))}</li>
            {categories.map((c) => (
              <li key={c.type}>{link(paths.category(c.type), t(`categories.${c.type}`))}</li>
            ))}
          </ul>
        </section>

        <section className="m-menu-section" aria-labelledby="m-menu-pages">
          <h3 id="m-menu-pages">{t('more')}</h3>
          <ul className="m-menu-list">
            {pages.map((p) => (
              <li key={p.to}>{link(p.to, p.label)}</li>
            ))}
          </ul>
        </section>

        <section className="m-menu-section" aria-labelledby="m-menu-service">
          <h3 id="m-menu-service">{t('service')}</h3>
          <ul className="m-menu-list">
            <li>
              <button type="button" onClick={openChat} data-testid="live-chat">
                {t('header.liveChat')}
                <LiveChatBadge />
              </button>
            </li>
            {hasAgentHelp && (
              <li>{link(paths.helpSection('agent'), t('header.affiliate'), 'affiliate-link')}</li>
            )}
            {socialLinks(brand).map((l) =>
              l.href ? (
                <li key={l.key}>
                  <a href={l.href} target="_blank" rel="noopener noreferrer">
                    <Icon name={l.key} />
                    {t(`rightBar.${l.key}`)}
                  </a>
                </li>
              ) : null,
            )}
          </ul>
        </section>

        <section className="m-menu-section m-menu-settings" aria-labelledby="m-menu-settings">
          <h3 id="m-menu-settings">{t('settings')}</h3>
          <LanguageSwitcher />
          <button
            type="button"
            className="m-menu-row"
            onClick={toggle}
            aria-pressed={theme === 'dark'}
            data-testid="theme-toggle"
          >
            <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
            {theme === 'dark' ? t('rightBar.themeLight') : t('rightBar.themeDark')}
          </button>
          {forced && (
            <button
              type="button"
              className="m-menu-row"
              onClick={() => {
                onClose();
                setMobileForced(false);
              }}
              data-testid="desktop-site"
            >
              {t('desktopSite')}
            </button>
          )}
          <Clock timeZone={brand.timezone} />
        </section>
      </div>
    </Modal>
  );
}
