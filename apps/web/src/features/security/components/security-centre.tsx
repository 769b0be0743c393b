import type { MemberInfo } from '@app/contracts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import '../../../styles/security.css';
import { useMemberInfo } from '../api/get-member-info';
import { LoginHistorySection } from './login-history-section';
import { MobileSection } from './mobile-section';
import { PasswordSection } from './password-section';
import { PaymentPasswordSection } from './payment-password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TotpSection } from './totp-section';

/** Scrolls the dialog to a section and moves focus there, leaving the address as it is. */
function jumpTo(e: MouseEvent, id: string) {
  e.preventDefault();
  const target = document.getElementById(id);
  if (!target) return;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
}

/** What is in place, at a glance; each item jumps to its section. */
function Overview({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('security');
  const items = [
    { id: 'sec-profile', label: t('overview.realName'), done: !!info.payeeName },
    { id: 'sec-mobile', label: t('overview.mobile'), done: !!info.mobileNum },
    { id: 'sec-payment', label: t('overview.payment'), done: info.hasPaymentPassword },
    { id: 'sec-totp', label: t('overview.totp'), done: info.totpEnabled },
  ];
  const count = items.filter((i) => i.done).length;
  return (
    <div className="sec-overview" data-testid="sec-overview">
      <p className="sec-overview-score">{t('overview.score', { done: count, total: items.length })}</p>
      <ul>
        {items.map((i) => (
          <li key={i.id} className={i.done ? 'done' : ''}>
            <a href={`#${i.id}`} onClick={(e) => jumpTo(e, i.id)}>
              <span className="sec-dot" aria-hidden="true" />
              {i.label}
              <span className="visually-hidden">
                {' — '}
                {i.done ? t('status.done') : t('status.todo')}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The security centre (member centre page `securityCenter`): profile and real name, mobile,
 * login password, payment password, authenticator, login history and other sessions.
 */
export function SecurityCentre() {
  const { t } = useTranslation('security');
  const info = useMemberInfo();
  return (
    <div className="sec-page" data-testid="security-centre">
      <h3 className="sec-page-title">{t('title')}</h3>
      <QueryState query={info}>
        {(data) => (
          <>
            <Overview info={data} />
            <ProfileSection info={data} />
            <MobileSection info={data} />
            <PasswordSection />
            <PaymentPasswordSection info={data} />
            <TotpSection info={data} />
          </>
        )}
      </QueryState>
      <LoginHistorySection />
      <SessionsSection />
    </div>
  );
}
