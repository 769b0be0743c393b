import type { Deposit } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { api } from '../../../lib/api-client';
import { showMoney } from '../../../lib/money';
import { invalidateMoneyQueries, QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** How often an open payment is looked at: the provider's notification may land any moment. */
const POLL_MS = 3_000;
/** The member's newest deposits: an order just made or just paid is among them. */
const RECENT = 20;

function useDepositOrder(orderNo: string, initial: Deposit | undefined) {
  const customerId = useSession((s) => s.customerId);
  return useQuery({
    queryKey: [QUERY_ROOTS.cashier, 'deposit-order', customerId, orderNo],
    queryFn: async () => {
      const page = await api.get<{ list: Deposit[] }>('/wps/cashier/deposits', {
        pageNo: 1,
        pageSize: RECENT,
      });
      return page.list.find((d) => d.orderNo === orderNo) ?? null;
    },
    ...(initial ? { initialData: initial } : {}),
    refetchInterval: (q) => (q.state.data === null || q.state.data?.status === 'PENDING' ? POLL_MS : false),
  });
}

/**
 * An ONLINE order after it was made, or after the member came back from the provider's page:
 * what to do to pay (scan the QR, pay into the account, continue on the page), then, polled,
 * whether it was credited or failed.
 */
export function DepositPayment({
  orderNo,
  initial,
  symbol,
  onClose,
}: {
  orderNo: string;
  initial?: Deposit;
  symbol: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const order = useDepositOrder(orderNo, initial);
  const d = order.data;
  const qc = useQueryClient();
  const settled = d ? d.status !== 'PENDING' : false;
  // Settled: the balance, the list and the records change with it.
  useEffect(() => {
    if (settled) void invalidateMoneyQueries(qc);
  }, [settled, qc]);

  let body: React.ReactNode;
  if (d === undefined) {
    body = order.isError ? (
      <p className="state-box" role="alert">
        {t('cashier.deposit.checkFailed')}
      </p>
    ) : (
      <div className="skeleton mc-pay-skeleton" aria-busy="true" aria-label={t('common.loading')} />
    );
  } else if (d === null) {
    body = (
      <p className="state-box" role="status">
        {t('cashier.deposit.waiting')}
      </p>
    );
  } else if (d.status === 'ARRIVED' || d.status === 'APPROVED') {
    body = (
      <p className="mc-pay-result ok" role="status" data-testid="deposit-payment-credited">
        {t('cashier.deposit.credited', { amount: showMoney(d.creditAmount, symbol) })}
      </p>
    );
  } else if (d.status === 'FAILED' || d.status === 'REJECTED') {
    body = (
      <p className="mc-pay-result failed" role="status" data-testid="deposit-payment-failed">
        {t('cashier.deposit.failed')}
      </p>
    );
  } else {
    const amount = showMoney(d.amount, symbol);
    const a = d.payAction;
    body = (
      <>
        {a?.kind === 'QR' && (
          <div className="mc-pay-qr">
            <p>{t('cashier.deposit.scanQr', { amount })}</p>
            <QrCode
              value={a.qr}
              alt={t('cashier.deposit.qrAlt', { orderNo: d.orderNo })}
              failedText={t('cashier.deposit.qrFailed')}
              testId="deposit-payment-qr"
            />
          </div>
        )}
        {a?.kind === 'VIRTUAL_ACCOUNT' && (
          <div className="mc-payinto" data-testid="deposit-payment-va">
            <p className="mc-label">{t('cashier.deposit.payVa', { amount })}</p>
            <dl>
              {[
                { key: 'bankName', label: t('cashier.deposit.bankName'), value: a.bank },
                { key: 'accountNo', label: t('cashier.deposit.accountNo'), value: a.accountNo },
                ...(a.accountName
                  ? [{ key: 'accountName', label: t('cashier.deposit.accountName'), value: a.accountName }]
                  : []),
              ].map((r) => (
                <div key={r.key}>
                  <dt>{r.label}</dt>
                  <dd>
                    <span data-testid={`deposit-payment-${r.key}`}>{r.value}</span>
                    {r.key === 'accountNo' && (
                      <CopyButton text={r.value} label={r.label} testId="deposit-payment-copy" />
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        {a?.kind === 'REDIRECT' && (
          <p>
            <a className="btn btn-primary" href={a.url} data-testid="deposit-payment-continue">
              {t('cashier.deposit.continuePayment')}
            </a>
          </p>
        )}
        {d.payExpiresAt && (
          <p className="sec-hint">
            {t('cashier.deposit.expires', {
              time: new Date(d.payExpiresAt).toLocaleString(i18n.language, {
                dateStyle: 'short',
                timeStyle: 'short',
              }),
            })}
          </p>
        )}
        <p className="sec-note" role="status" aria-live="polite" data-testid="deposit-payment-waiting">
          {order.isError ? t('cashier.deposit.checkFailed') : t('cashier.deposit.waiting')}
        </p>
      </>
    );
  }

  return (
    <section
      className="sec-card mc-pay"
      aria-labelledby="deposit-payment-title"
      data-testid="deposit-payment"
    >
      <header className="sec-card-head">
        <h4 id="deposit-payment-title">{t('cashier.deposit.payTitle')}</h4>
        <span className="mc-muted">{t('cashier.deposit.orderLabel', { orderNo })}</span>
      </header>
      {body}
      <div className="sec-actions">
        <button type="button" className="btn" onClick={onClose} data-testid="deposit-payment-close">
          {d && d.status !== 'PENDING' ? t('cashier.deposit.tryAgain') : t('cashier.deposit.close')}
        </button>
      </div>
    </section>
  );
}
