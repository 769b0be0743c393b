import type { KycTrigger, WithdrawInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { showMoney } from '../../../lib/money';
import '../../../styles/cashier.css';
import '../../../styles/kyc.css';
import { useWithdrawInfo } from '../api/get-withdraw-info';
import { PayoutAccounts } from './payout-accounts';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalList } from './withdrawal-list';

function Facts({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const symbol = info.currencySymbol;
  return (
    <dl className="mc-stats" data-testid="withdraw-facts">
      <div className="mc-stat mc-stat-main">
        <dt>{t('cashier.withdraw.withdrawable')}</dt>
        <dd data-testid="withdraw-withdrawable">{showMoney(info.withdrawable, symbol)}</dd>
        {/* What the balance holds beyond it, and what releases it. */}
        {info.turnoverRemaining > 0 && info.balance > info.withdrawable && (
          <dd className="mc-stat-note" data-testid="withdraw-held">
            {t('cashier.withdraw.heldByTurnover', {
              amount: showMoney(info.balance - info.withdrawable, symbol),
              turnover: showMoney(info.turnoverRemaining, symbol),
            })}
          </dd>
        )}
      </div>
      <div className="mc-stat">
        <dt>{t('cashier.withdraw.turnover')}</dt>
        <dd data-testid="withdraw-turnover">{showMoney(info.turnoverRemaining, symbol)}</dd>
      </div>
      <div className="mc-stat">
        <dt>{t('cashier.withdraw.limits')}</dt>
        <dd>
          <span className="mc-nowrap">{showMoney(info.minAmount, symbol)}</span> –{' '}
          <span className="mc-nowrap">{showMoney(info.maxAmount, symbol)}</span>
        </dd>
      </div>
      <div className="mc-stat">
        <dt>{t('cashier.withdraw.today')}</dt>
        <dd data-testid="withdraw-count">
          {t('cashier.withdraw.count', { used: info.usedToday, max: info.dailyCount })}
        </dd>
      </div>
    </dl>
  );
}

type Block = 'password' | 'turnover' | 'daily' | 'account';

/** Why no withdrawal can be requested now, or null when one can. */
function blockOf(info: WithdrawInfo): Block | null {
  if (!info.hasPaymentPassword) return 'password';
  if (info.turnoverRemaining > 0) return 'turnover';
  if (info.usedToday >= info.dailyCount) return 'daily';
  if (info.accounts.length === 0) return 'account';
  return null;
}

function Blocker({
  block,
  info,
  onOpenSecurity,
}: {
  block: Block;
  info: WithdrawInfo;
  onOpenSecurity: () => void;
}) {
  const { t } = useTranslation();
  switch (block) {
    case 'password':
      return (
        <div className="sec-note mc-needs" data-testid="withdraw-needs-password">
          <p>{t('cashierCommon.paymentPassword.missing')}</p>
          <button type="button" className="btn btn-sm btn-primary" onClick={onOpenSecurity}>
            {t('cashierCommon.paymentPassword.setNow')}
          </button>
        </div>
      );
    case 'turnover':
      return (
        <p className="sec-note mc-block" data-testid="withdraw-turnover-block">
          {t('cashier.withdraw.turnoverBlock', {
            amount: showMoney(info.turnoverRemaining, info.currencySymbol),
          })}
        </p>
      );
    case 'daily':
      return (
        <p className="sec-note mc-block" data-testid="withdraw-daily-block">
          {t('cashier.withdraw.dailyBlock', { max: info.dailyCount })}
        </p>
      );
    case 'account':
      return (
        <p className="sec-note" data-testid="withdraw-bind-first">
          {t('cashier.withdraw.bindFirst')}
        </p>
      );
  }
}

/** Before the member asks: a new withdrawal would wait for identity verification, and why. */
function KycNotice({ reason, onOpenVerification }: { reason: KycTrigger; onOpenVerification?: () => void }) {
  // Verification's texts are its own namespace, fetched only when a withdrawal would wait.
  const { t, ready } = useTranslation('kyc');
  if (!ready) return null;
  return (
    <div className="sec-note mc-kyc-wait" data-testid="withdraw-kyc-wait" data-reason={reason}>
      <p>{t(`withdraw.kycWait.${reason}`)}</p>
      {onOpenVerification && (
        <button type="button" className="btn btn-sm btn-primary" onClick={onOpenVerification}>
          {t('withdraw.verifyNow')}
        </button>
      )}
    </div>
  );
}

/**
 * Withdrawal (member centre page `withdraw`): what may be withdrawn, turnover still due, limits
 * and today's count; bound accounts and binding; the request with its confirmation step; and the
 * withdrawals with each payout's "received / not received" answer.
 */
export function WithdrawPage({
  onOpenSecurity,
  onOpenVerification,
}: {
  onOpenSecurity: () => void;
  /** Opens the verification page (when a new withdrawal would wait for it). */
  onOpenVerification?: () => void;
}) {
  const { t } = useTranslation();
  const info = useWithdrawInfo();
  return (
    <div className="sec-page" data-testid="withdraw-page">
      <h3 className="sec-page-title">{t('cashier.withdraw.title')}</h3>
      <QueryState query={info}>
        {(data) => {
          const block = blockOf(data);
          return (
            <>
              <Facts info={data} />
              <section className="sec-card" aria-labelledby="withdraw-form-title">
                <header className="sec-card-head">
                  <h4 id="withdraw-form-title">{t('cashier.withdraw.newWithdrawal')}</h4>
                </header>
                {/* Before the member asks: a new withdrawal would wait for identity verification, and why. */}
                {data.kycWait && <KycNotice reason={data.kycWait} onOpenVerification={onOpenVerification} />}
                {block ? (
                  <Blocker block={block} info={data} onOpenSecurity={onOpenSecurity} />
                ) : (
                  <WithdrawForm info={data} />
                )}
              </section>
              <PayoutAccounts info={data} canBind={data.hasPaymentPassword} />
              <WithdrawalList symbol={data.currencySymbol} confirmMinutes={data.confirmMinutes} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
