import { LANGUAGES, type Language } from '@app/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasHelpTag } from '../../features/system/hooks/use-has-help-tag';
import { useCustomerService } from '../../features/system/hooks/use-customer-service';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand';
import { changeLanguage, LANGUAGE_NAMES, useApiLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { queryClient } from '../query-client';
import { AccountArea } from './account-area';
import { Clock } from './clock';

// A member's unread chat replies: loaded once someone is logged in, not with the first page.
const ChatUnreadBadge = lazy(() =>
  import('../../features/chat/components/chat-unread-badge').then((m) => ({ default: m.ChatUnreadBadge })),
);

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const brand = useBrand();
  const current = useApiLanguage();
  const token = useSession((s) => s.token);
  const offered = LANGUAGES.filter((l) => brand.languages.includes(l));
  if (offered.length < 2) return null;
  return (
    <label className="lang-switch">
      <span className="visually-hidden">{t('header.language')}</span>
      <select
        value={current}
        data-testid="language-switcher"
        onChange={(e) => {
          const lang = e.target.value as Language;
          void changeLanguage(lang);
          // A member's choice is saved on the server; a visitor's only on this device.
          if (token)
            void import('../../features/member/api/save-language').then((m) =>
              m.saveLanguage(queryClient, lang),
            );
        }}
      >
        {offered.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A member's unread chat replies beside "Live chat" (the top bar's, and the phone menu's). */
export function LiveChatBadge() {
  // A session that must change its password first reaches nothing else (its calls answer
  // login.not.session, which signs the site out): no badge until the change.
  const member = useSession((s) => s.token !== null && !s.mustChangePassword);
  if (!member) return null;
  return (
    <Suspense fallback={null}>
      <ChatUnreadBadge />
    </Suspense>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const brand = useBrand();
  const openChat = useCustomerService();
  const hasAgentHelp = useHasHelpTag('agent');
  return (
    <div className="top-bar">
      <div className="top-bar-inner">
        <Clock timeZone={brand.timezone} />
        <div className="top-links">
          <button type="button" className="link-btn" onClick={openChat} data-testid="live-chat">
            {t('header.liveChat')}
            <LiveChatBadge />
          </button>
          {hasAgentHelp && (
            <Link to={paths.helpSection('agent')} data-testid="affiliate-link">
              {t('header.affiliate')}
            </Link>
          )}
        </div>
        <AccountArea />
        <LanguageSwitcher />
      </div>
    </div>
  );
}
