import type { ProtectionSession } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { useBrand } from '../../../lib/brand';
import { showMoney, showSigned } from '../../../lib/money';
import '../../../styles/protection.css';
import { useSession } from '../../../lib/session';
import { useAnswerRealityCheck, useProtectionSession } from '../api/protection';
import { LimitsOffer } from './limits-offer';

const MINUTE_MS = 60_000;

export interface ProtectionWatchProps {
  /** Opens a member-centre page (withdraw, responsibleGaming). */
  onOpen: (page: 'withdraw' | 'responsibleGaming') => void;
  /** Ends the session at once (the member chose to log out). */
  onLogout: () => void;
  /** The deposit page is open: where the brand offers limits at the first deposit, now is the time. */
  depositOpen?: boolean;
}

/** "Not now" holds for the browser session (per member): the step is not pressed on them again. */
const OFFER_DISMISSED = 'rg-offer-dismissed';
const dismissedFor = (customerId: number | null) =>
  customerId !== null && window.sessionStorage.getItem(OFFER_DISMISSED) === String(customerId);

/**
 * What player protection shows around the whole site for a real account: a banner while the
 * member is on a break or has reached the session time limit (only withdrawing and the protection
 * page remain; the server refuses the rest), and the reality check at the member's interval with
 * the server's numbers for this session. The timer here only decides when to ask.
 */
export function ProtectionWatch({ onOpen, onLogout, depositOpen = false }: ProtectionWatchProps) {
  const session = useProtectionSession(true);
  const customerId = useSession((c) => c.customerId);
  const s = session.data;
  const due = useRealityCheckDue(s);
  const [shown, setShown] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState(() => dismissedFor(customerId));
  const open = due !== null && shown !== due;
  if (!s) return null;
  const timeUp = s.sessionMinutesLeft !== null && s.sessionMinutesLeft <= 0;
  // The server says when the step is due (never once a limit is set or a deposit asked for).
  const offer =
    s.offerLimitsNow &&
    !dismissed &&
    !dismissedFor(customerId) &&
    (s.offerLimits === 'REGISTRATION' || (s.offerLimits === 'FIRST_DEPOSIT' && depositOpen));
  return (
    <>
      {offer && !open && (
        <LimitsOffer
          onDone={(saved) => {
            if (!saved && customerId !== null) {
              window.sessionStorage.setItem(OFFER_DISMISSED, String(customerId));
            }
            setDismissed(true);
            void session.refetch();
          }}
        />
      )}
      {(s.excluded || timeUp) && <StoppedBanner excluded={s.excluded} onOpen={onOpen} onLogout={onLogout} />}
      {open && !s.excluded && (
        <RealityCheck
          onDone={(choice) => {
            setShown(due);
            if (choice === 'LOGOUT') onLogout();
            else void session.refetch();
          }}
        />
      )}
    </>
  );
}

/** The index of the reality check due now (1 = the first interval since login), or null. */
function useRealityCheckDue(s: ProtectionSession | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  const every = s?.realityCheckMinutes ?? null;
  const started = s?.startedAt ? Date.parse(s.startedAt) : null;
  useEffect(() => {
    if (every === null || started === null) return;
    const period = every * MINUTE_MS;
    const next = started + (Math.floor((Date.now() - started) / period) + 1) * period;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(1_000, next - Date.now()));
    return () => window.clearTimeout(timer);
  }, [every, started, now]);
  if (every === null || started === null) return null;
  const index = Math.floor((now - started) / (every * MINUTE_MS));
  return index >= 1 ? index : null;
}

function StoppedBanner({
  excluded,
  onOpen,
  onLogout,
}: {
  excluded: boolean;
  onOpen: ProtectionWatchProps['onOpen'];
  onLogout: () => void;
}) {
  const { t } = useTranslation('protection');
  return (
    <div className="rg-banner" role="status" data-testid="rg-banner">
      <p>{excluded ? t('watch.excluded') : t('watch.timeUp')}</p>
      <div className="rg-banner-actions">
        <button type="button" className="btn btn-primary" onClick={() => onOpen('withdraw')}>
          {t('watch.withdraw')}
        </button>
        <button type="button" className="btn" onClick={() => onOpen('responsibleGaming')}>
          {t('title')}
        </button>
        <button type="button" className="btn" onClick={onLogout}>
          {t('watch.logout')}
        </button>
      </div>
    </div>
  );
}

function RealityCheck({ onDone }: { onDone: (choice: 'CONTINUE' | 'LOGOUT') => void }) {
  const { t } = useTranslation('protection');
  // The numbers are read when the check opens, not from the last minute's refresh.
  const fresh = useProtectionSession(true);
  const answer = useAnswerRealityCheck();
  const brand = useBrand();
  const money = (v: number) => showMoney(v, brand.currencySymbol);
  const s = fresh.data;
  const choose = (choice: 'CONTINUE' | 'LOGOUT') =>
    answer.mutate(choice, { onSettled: () => onDone(choice) });
  return (
    <Modal
      id="realityCheck"
      title={t('watch.realityTitle')}
      open
      dismissible={false}
      onClose={() => choose('CONTINUE')}
      closeLabel={t('watch.continue')}
      size="sm"
    >
      {s && (
        <dl className="rg-reality" data-testid="reality-check">
          <dt>{t('watch.played')}</dt>
          <dd>{t('minutes', { count: s.playedMinutes })}</dd>
          <dt>{t('watch.staked')}</dt>
          <dd>{money(s.staked)}</dd>
          <dt>{t('watch.paid')}</dt>
          <dd>{money(s.paid)}</dd>
          <dt>{t('watch.net')}</dt>
          <dd className={s.net < 0 ? 'rg-net-down' : 'rg-net-up'}>
            {showSigned(s.net, brand.currencySymbol)}
          </dd>
        </dl>
      )}
      <p className="sec-hint">{t('watch.realityHint')}</p>
      <div className="modal-actions">
        <button type="button" className="btn" disabled={answer.isPending} onClick={() => choose('LOGOUT')}>
          {t('watch.logout')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={answer.isPending}
          onClick={() => choose('CONTINUE')}
          data-testid="reality-continue"
        >
          {t('watch.continue')}
        </button>
      </div>
    </Modal>
  );
}
