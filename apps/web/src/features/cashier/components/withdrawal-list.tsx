import type { ConfirmState, Withdrawal, WithdrawalState } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import { useErrorText } from '../../../lib/error-text';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useWithdrawals } from '../api/get-withdrawals';
import { PayoutConfirm } from './payout-confirm';
import { StateBadge, type Tone } from './state-badge';
import { StoredImages } from './stored-images';

const TONE: Record<WithdrawalState, Tone> = { PENDING: 'wait', PARTIAL: 'info', PAID: 'ok', REJECTED: 'bad' };
const CONFIRM_TONE: Record<ConfirmState, Tone> = {
  AWAITING: 'wait',
  RECEIVED: 'ok',
  AUTO_RECEIVED: 'ok',
  NOT_RECEIVED: 'bad',
};

/** The reason the server records when a member takes back a withdrawal held for verification. */
const CANCELLED_BY_MEMBER = 'CANCELLED_BY_MEMBER';

/** A withdrawal held until the member's identity is verified: why, and taking it back. */
function KycWait({ w }: { w: Withdrawal }) {
  // Verification's texts are its own namespace, fetched with the first held withdrawal shown.
  const { t, ready } = useTranslation('kyc');
  const errorText = useErrorText();
  const cancel = useCancelWithdrawal();
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  if (!ready) return null;
  return (
    <div className="sec-note mc-kyc-wait" data-testid="withdrawal-kyc-wait">
      <p>{t('withdraw.kycWaitRecord')}</p>
      {asking ? (
        <InlineConfirm
          text={t('withdraw.kycCancelConfirm')}
          busy={cancel.isPending}
          testId="withdrawal-cancel-confirm"
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            cancel.mutate(w.id, {
              onSuccess: () => setStatus({ ok: true, text: t('withdraw.kycCancelled') }),
              onError: (err) => setStatus({ ok: false, text: errorText(err) }),
              onSettled: () => setAsking(false),
            })
          }
        />
      ) : (
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => setAsking(true)}
          data-testid="withdrawal-cancel"
        >
          {t('withdraw.kycCancel')}
        </button>
      )}
      <FormStatus status={status} testId="withdrawal-cancel-status" />
    </div>
  );
}

function WithdrawalCard({
  w,
  symbol,
  confirmMinutes,
}: {
  w: Withdrawal;
  symbol: string;
  confirmMinutes: number;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const time = (iso: string) => formatInZone(iso, brand.timezone, false);
  return (
    <li className="mc-order" data-testid="withdrawal" data-order={w.orderNo}>
      <div className="mc-order-head">
        <div>
          <strong className="mc-order-amount">{showMoney(w.amount, symbol)}</strong>
          <span className="mc-muted">
            {w.orderNo} · <time dateTime={w.createdTime}>{time(w.createdTime)}</time>
          </span>
        </div>
        <StateBadge
          tone={TONE[w.status]}
          text={t(`cashier.withdrawalStatus.${w.status}`)}
          testId="withdrawal-status"
        />
      </div>
      <dl className="mc-order-facts">
        <div>
          <dt>{t('cashier.withdraw.account')}</dt>
          <dd>
            {w.account.bankName} <span className="mc-mono">{w.account.accountNo}</span>
          </dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.paid')}</dt>
          <dd data-testid="withdrawal-paid">{showMoney(w.paidAmount, symbol)}</dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.remaining')}</dt>
          <dd data-testid="withdrawal-remaining">{showMoney(w.remainingAmount, symbol)}</dd>
        </div>
      </dl>
      {w.status === 'REJECTED' && (
        <p className="sec-note">
          {w.rejectReason === CANCELLED_BY_MEMBER
            ? t('cashier.withdraw.cancelledByMember')
            : w.rejectReason
              ? t('cashier.withdraw.rejectedReason', { reason: w.rejectReason })
              : t('cashier.withdraw.rejected')}
        </p>
      )}
      {w.status === 'PENDING' && w.kycWait && <KycWait w={w} />}
      {w.status === 'PAID' && <p className="mc-sub">{t('cashier.withdraw.allPaid')}</p>}
      {w.status === 'PARTIAL' && (
        <p className="mc-sub">
          {t('cashier.withdraw.partial', { amount: showMoney(w.remainingAmount, symbol) })}
        </p>
      )}
      {w.payouts.length > 0 && (
        <ul className="mc-payouts" aria-label={t('cashier.payout.list')}>
          {w.payouts.map((p) => (
            <li key={p.id} className="mc-payout" data-testid="payout">
              <div className="mc-payout-head">
                <span>
                  {t('cashier.payout.paidOn', {
                    amount: showMoney(p.amount, symbol),
                    time: time(p.paidTime),
                  })}
                </span>
                <StateBadge
                  tone={CONFIRM_TONE[p.confirmStatus]}
                  text={t(`cashier.confirmStatus.${p.confirmStatus}`)}
                  testId="payout-status"
                />
              </div>
              {p.confirmStatus === 'AWAITING' ? (
                <>
                  <p className="sec-hint">
                    {t('cashier.payout.deadline', {
                      minutes: confirmMinutes,
                      time: time(p.confirmDeadline),
                    })}
                  </p>
                  <PayoutConfirm withdrawalId={w.id} payoutId={p.id} />
                </>
              ) : (
                <>
                  <p className="sec-hint">{t(`cashier.confirmNote.${p.confirmStatus}`)}</p>
                  <StoredImages ids={p.proofImageIds} label={t('cashier.payout.proof')} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Withdrawals, newest first: state, paid and remaining, and each payout's confirmation. */
export function WithdrawalList({ symbol, confirmMinutes }: { symbol: string; confirmMinutes: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(page);
  return (
    <section className="sec-card" aria-labelledby="withdrawal-list-title">
      <header className="sec-card-head">
        <h4 id="withdrawal-list-title">{t('cashier.withdraw.recent')}</h4>
      </header>
      <QueryState query={withdrawals}>
        {({ list, totalPages }) =>
          list.length === 0 ? (
            <p className="state-box" data-testid="withdrawal-empty">
              {t('cashier.withdraw.empty')}
            </p>
          ) : (
            <>
              <ul
                className={withdrawals.isPlaceholderData ? 'mc-orders is-loading' : 'mc-orders'}
                aria-busy={withdrawals.isPlaceholderData}
                data-testid="withdrawal-list"
              >
                {list.map((w) => (
                  <WithdrawalCard key={w.id} w={w} symbol={symbol} confirmMinutes={confirmMinutes} />
                ))}
              </ul>
              <Pagination
                page={page}
                totalPages={totalPages}
                onChange={setPage}
                busy={withdrawals.isPlaceholderData}
                label={t('cashier.withdraw.pages')}
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
