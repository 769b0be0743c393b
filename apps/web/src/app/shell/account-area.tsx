import { DEFAULT_LABEL_COLOR } from '@app/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../features/member/api/get-member-info';
import { useSavedLanguage } from '../../features/member/api/member-language';
import { useGuard } from '../../lib/use-guard';
import { HeaderBalance } from '../../features/wallet/components/header-balance';
import { isModuleOn, useBrand } from '../../lib/brand';
import { usePopups } from '../../lib/popups';
import { useSession } from '../../lib/session';
import '../../styles/auth.css';
import { useAccountEntries, type CentrePage } from './account-entries';
import { useMemberPush } from '../../lib/use-member-push';

/** Logged out: Login opens the login popup; Sign up opens the register popup when DIRECTREG3 is on. */
export function LoggedOut() {
  const { t } = useTranslation();
  const brand = useBrand();
  const show = usePopups((s) => s.show);
  return (
    <div className="login-area">
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        onClick={() => show('login')}
        data-testid="login-button"
      >
        {t('header.login')}
      </button>
      {isModuleOn(brand.whitelabel, 'DIRECTREG3') && (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => show('register')}
          data-testid="signup-button"
        >
          {t('header.signup')}
        </button>
      )}
    </div>
  );
}

/** The information dropdown: a menu button with the WAI-ARIA keyboard pattern. */
function InfoMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const items = () => [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const closeMenu = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      closeMenu(true);
    } else if (e.key === 'Tab') closeMenu(false);
  };

  const entries = useAccountEntries();

  return (
    <div className="info-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-sm btn-ghost info-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        data-testid="info-menu-button"
      >
        {t('auth.account.menu')}
        <span className="caret" aria-hidden="true" />
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={t('auth.account.menu')}
          className="info-dropdown"
          onKeyDown={onMenuKey}
        >
          {entries.map((e) => (
            <li role="none" key={e.key}>
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  closeMenu(false);
                  e.run();
                }}
                data-testid={`menu-${e.key}`}
              >
                {e.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * What a logged-in header keeps running whichever shell shows: the member's info (name, label,
 * saved language) and the push connection.
 */
export function useLoggedInHeader() {
  const username = useSession((s) => s.username);
  const info = useMemberInfo();
  useSavedLanguage(info.data);
  useMemberPush();
  const name = info.data?.nickname || info.data?.account || username || '';
  // The member label (SPEC section 3): the VIP level's colour rings the avatar (grey by default).
  const label = info.data?.memberLabel[0];
  return { name, label, labelColor: label?.color ?? DEFAULT_LABEL_COLOR };
}

/**
 * Logged in: the account name (opens the inbox of the member centre), the balance and the
 * information dropdown.
 */
function LoggedIn() {
  const { t } = useTranslation();
  const guard = useGuard();
  const show = usePopups((s) => s.show);
  const { name, label, labelColor } = useLoggedInHeader();
  return (
    <div className="login-area account-area" data-testid="account-area">
      <button
        type="button"
        className="account-name"
        title={t('auth.account.messages')}
        onClick={() => guard(() => show('memberCentre', { page: 'messageV2' satisfies CentrePage }))}
        data-testid="account-name"
      >
        <span
          className="avatar"
          aria-hidden="true"
          style={{ boxShadow: `0 0 0 2px ${labelColor}` }}
          title={label?.labelName}
          data-testid="member-label"
          data-color={labelColor}
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-text">{name}</span>
        {label?.labelName && <span className="visually-hidden">{label.labelName}</span>}
      </button>
      <HeaderBalance />
      <InfoMenu />
    </div>
  );
}

/** The header's login area: login and sign-up buttons, or the member's account area. */
export function AccountArea() {
  const token = useSession((s) => s.token);
  return token ? <LoggedIn /> : <LoggedOut />;
}
