import { DEFAULT_CURRENCY_SYMBOL } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { isTrial, useSession } from '../../../lib/session';
import { session } from '../../../lib/storage';
import { useBalance } from '../api/get-balance';

/** Session storage: the member chose to hide the balance (kept until the session ends). */
const HIDDEN_KEY = 'balanceHidden';
const MASK = '***';

/**
 * The header balance (SPEC section 2): currency symbol and total, an "updating" placeholder
 * until the first answer, hideable as *** and refreshed by click (the icon spins meanwhile).
 * A trial account sees its play money. `compact` (the phone header): the figure itself is the
 * hide/show button, so the row keeps two thumb-sized targets instead of three.
 */
export function HeaderBalance({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const balance = useBalance();
  const trial = useSession(isTrial);
  const [hidden, setHidden] = useState(() => session.get(HIDDEN_KEY) === '1');

  const toggle = () => {
    const next = !hidden;
    setHidden(next);
    session.set(HIDDEN_KEY, next ? '1' : '0');
  };
  const symbol = balance.data?.currencySymbol || brand.currencySymbol || DEFAULT_CURRENCY_SYMBOL;
  const amount = balance.data
    ? hidden
      ? MASK
      : showMoney(balance.data.sumBalance, symbol)
    : balance.isError
      ? '—'
      : t('wallet.balance.updating');
  const label = trial ? t('wallet.balance.playMoney') : t('wallet.balance.label');

  const figure = (
    <span
      className={balance.data ? 'header-balance-amount' : 'header-balance-amount is-pending'}
      data-testid="header-balance-amount"
      title={compact ? undefined : label}
    >
      {amount}
    </span>
  );
  const toggleLabel = hidden ? t('wallet.balance.show') : t('wallet.balance.hide');
  return (
    <div className={compact ? 'header-balance is-compact' : 'header-balance'} data-testid="header-balance">
      <span className="visually-hidden">{label}</span>
      {!compact && figure}
      <button
        type="button"
        className="header-balance-btn"
        aria-pressed={hidden}
        aria-label={compact ? undefined : toggleLabel}
        title={toggleLabel}
        onClick={toggle}
        data-testid="header-balance-toggle"
      >
        {compact && figure}
        {compact && <span className="visually-hidden">{toggleLabel}</span>}
        <Icon name={hidden ? 'eyeOff' : 'eye'} size={16} />
      </button>
      <button
        type="button"
        className={balance.isFetching ? 'header-balance-btn is-spinning' : 'header-balance-btn'}
        aria-label={t('wallet.balance.refresh')}
        title={t('wallet.balance.refresh')}
        aria-busy={balance.isFetching}
        onClick={() => void balance.refetch()}
        data-testid="header-balance-refresh"
      >
        <Icon name="refresh" size={16} />
      </button>
    </div>
  );
}
