import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { paths } from '../../config/paths';
import type { BrandInfo, Theme } from '@app/contracts';
import { useBrand } from '../../lib/brand';
import { getTheme, setTheme } from '../../lib/storage';

/** The brand's support shortcuts (an empty address means the brand has none of that kind). */
export const socialLinks = (brand: BrandInfo) =>
  [
    { key: 'facebook', href: brand.social.facebook },
    { key: 'telegram', href: brand.social.telegram },
    { key: 'whatsapp', href: brand.social.whatsapp },
  ] as const;

/** The light/dark switch: the current theme and its toggle (kept on the device). */
export function useThemeToggle(): { theme: Theme; toggle: () => void } {
  const [theme, setThemeState] = useState(getTheme);
  const toggle = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    setThemeState(next);
  };
  return { theme, toggle };
}

/** Support shortcuts (Facebook, Telegram, WhatsApp), the referral opener and the theme switch. */
export function RightBar() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { theme, toggle } = useThemeToggle();
  const links = socialLinks(brand);
  return (
    <aside className="right-bar" aria-label={t('rightBar.label')}>
      {links.map((l) =>
        l.href ? (
          <a
            key={l.key}
            href={l.href}
            target="_blank"
            rel="noopener noreferrer"
            className={`rb-btn rb-${l.key}`}
          >
            <Icon name={l.key} />
            <span className="rb-label">{t(`rightBar.${l.key}`)}</span>
          </a>
        ) : null,
      )}
      <Link to={paths.join} className="rb-btn rb-referral">
        <Icon name="gift" />
        <span className="rb-label">{t('rightBar.referral')}</span>
      </Link>
      <button
        type="button"
        className="rb-btn rb-theme"
        onClick={toggle}
        aria-pressed={theme === 'dark'}
        data-testid="theme-toggle"
      >
        <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
        <span className="rb-label">
          {theme === 'dark' ? t('rightBar.themeLight') : t('rightBar.themeDark')}
        </span>
      </button>
    </aside>
  );
}
