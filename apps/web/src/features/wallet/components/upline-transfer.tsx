import { fromMinor, toMinor, type UplineTransferResult } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '../../../components/ui/form-status';
import { QueryState } from '../../../components/ui/query-state';
import { AmountPasswordForm, TransferConfirm, useTransferForm } from '../../../components/ui/transfer-form';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useRequestId } from '../../../lib/request-id';
import '../../../styles/cashier.css';
import { useBalance } from '../api/get-balance';
import { useTransferUpline } from '../api/transfer-upline';

const PAYMENT_PASSWORD = /^\d{6}$/;
/** Answers that no retry can change: the brand has transfers to the upline off, or there is no upline. */
const CLOSED_CODES = ['upline.transfer.disabled', 'upline.none'];

interface Props {
  /** Member info `toUpline`: the account has an upline agent to pay. */
  hasUpline: boolean;
  hasPaymentPassword: boolean;
  /** Opens the security centre, where the payment password is set. */
  onSetPaymentPassword: () => void;
}

type Problems = { amount?: string; password?: string };

/**
 * Transfer to upline (member centre page `transferUpline`): amount and payment password, a
 * confirmation step, then the result. Accounts without an upline are told so.
 */
export function UplineTransfer({ hasUpline, hasPaymentPassword, onSetPaymentPassword }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const balance = useBalance();
  const transfer = useTransferUpline();
  const request = useRequestId();
  const form = useTransferForm<Problems, UplineTransferResult>();
  const { amount, password, problems, reviewing, status, result } = form;
  // The brand does not allow transfers to the upline: the server says so on the first try, and
  // the form then gives way to that answer (member info does not carry the brand's setting).
  const [closed, setClosed] = useState<string | null>(null);

  if (!hasUpline || closed !== null) {
    return (
      <div className="sec-page" data-testid="upline-transfer">
        <h3 className="sec-page-title">{t('wallet.upline.title')}</h3>
        {closed !== null ? (
          <p className="state-box" role="alert" data-testid="upline-disabled">
            {closed}
          </p>
        ) : (
          <p className="state-box" data-testid="upline-none">
            {t('wallet.upline.none')}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="sec-page" data-testid="upline-transfer">
      <h3 className="sec-page-title">{t('wallet.upline.title')}</h3>
      <QueryState query={balance}>
        {(b) => {
          const symbol = b.currencySymbol;
          const review = (e: FormEvent) => {
            e.preventDefault();
            const minor = toMinor(amount);
            const max = toMinor(String(b.mainBalance));
            const found: Problems = {
              amount:
                amount.trim() === ''
                  ? t('cashierCommon.amount.required')
                  : minor === null || minor <= 0n
                    ? t('cashierCommon.amount.format')
                    : max !== null && minor > max
                      ? t('cashierCommon.amount.overBalance', { amount: showMoney(b.mainBalance, symbol) })
                      : undefined,
              password:
                password === ''
                  ? t('cashierCommon.paymentPassword.required')
                  : PAYMENT_PASSWORD.test(password)
                    ? undefined
                    : t('cashierCommon.paymentPassword.format'),
            };
            form.review(found);
          };
          const send = () => {
            const body = { amount, paymentPassword: password };
            transfer.mutate(
              { ...body, requestId: request.idFor({ amount }) },
              {
                onSuccess: (r) => {
                  request.settle();
                  form.done(r);
                },
                onError: (err) => {
                  form.setReviewing(false);
                  if (err instanceof ApiError && CLOSED_CODES.includes(err.code)) setClosed(errorText(err));
                  else form.setStatus({ ok: false, text: errorText(err) });
                },
              },
            );
          };

          if (result) {
            return (
              <section className="sec-card mc-result" data-testid="upline-result">
                <h4>{t('wallet.upline.done')}</h4>
                <dl className="sec-facts">
                  <div>
                    <dt>{t('wallet.upline.to')}</dt>
                    <dd>{result.upline}</dd>
                  </div>
                  <div>
                    <dt>{t('cashierCommon.amountLabel')}</dt>
                    <dd>{showMoney(result.amount, symbol)}</dd>
                  </div>
                  <div>
                    <dt>{t('wallet.upline.balanceAfter')}</dt>
                    <dd>{showMoney(result.balance, symbol)}</dd>
                  </div>
                  <div>
                    <dt>{t('cashierCommon.reference')}</dt>
                    <dd>{result.id}</dd>
                  </div>
                </dl>
                <div className="sec-actions">
                  <button type="button" className="btn" onClick={() => form.setResult(null)}>
                    {t('wallet.upline.again')}
                  </button>
                </div>
              </section>
            );
          }

          return (
            <section className="sec-card" aria-labelledby="upline-form-title">
              <header className="sec-card-head">
                <h4 id="upline-form-title">{t('wallet.upline.formTitle')}</h4>
              </header>
              <p className="sec-desc">
                {t('wallet.upline.available', { amount: showMoney(b.mainBalance, symbol) })}
              </p>
              {!hasPaymentPassword ? (
                <div className="sec-note mc-needs" data-testid="upline-needs-password">
                  <p>{t('cashierCommon.paymentPassword.missing')}</p>
                  <button type="button" className="btn btn-sm btn-primary" onClick={onSetPaymentPassword}>
                    {t('cashierCommon.paymentPassword.setNow')}
                  </button>
                </div>
              ) : reviewing ? (
                <TransferConfirm
                  testId="upline-confirm"
                  pending={transfer.isPending}
                  onConfirm={send}
                  onBack={() => form.setReviewing(false)}
                >
                  {t('wallet.upline.confirm', {
                    amount: showMoney(fromMinor(toMinor(amount) ?? 0n), symbol),
                  })}
                </TransferConfirm>
              ) : (
                <AmountPasswordForm
                  idPrefix="upline"
                  symbol={symbol}
                  amount={amount}
                  password={password}
                  amountError={problems.amount}
                  passwordError={problems.password}
                  onAmount={form.changeAmount}
                  onPassword={form.changePassword}
                  onSubmit={review}
                />
              )}
              <FormStatus status={status} testId="upline-status" />
            </section>
          );
        }}
      </QueryState>
    </div>
  );
}
