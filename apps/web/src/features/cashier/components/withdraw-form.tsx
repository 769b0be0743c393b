import { fromMinor, toMinor, type WithdrawInfo } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { MoneyInput } from '../../../components/ui/money-input';
import { PaymentPasswordField } from '../../../components/ui/payment-password-field';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useRequestId } from '../../../lib/request-id';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { checkWithdrawAmount, type WithdrawProblem } from '../fees';

const PAYMENT_PASSWORD = /^\d{6}$/;

type Problems = { account?: string; amount?: string; password?: string };

/** The withdrawal request: account, amount and payment password, then a confirmation step. */
export function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateWithdrawal();
  const request = useRequestId();
  const symbol = info.currencySymbol;
  const [accountId, setAccountId] = useState(info.accounts[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [reviewing, setReviewing] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const account = info.accounts.find((a) => a.id === accountId);

  const amountText = (p: WithdrawProblem) =>
    p === 'belowMin' || p === 'aboveMax'
      ? t('cashier.withdraw.range', {
          min: showMoney(info.minAmount, symbol),
          max: showMoney(info.maxAmount, symbol),
        })
      : p === 'overWithdrawable'
        ? t('cashier.withdraw.overWithdrawable', { amount: showMoney(info.withdrawable, symbol) })
        : t(`cashierCommon.amount.${p}`);

  const review = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const amountProblem = checkWithdrawAmount(amount, info);
    const found: Problems = {
      account: account ? undefined : t('cashier.withdraw.accountRequired'),
      amount: amountProblem ? amountText(amountProblem) : undefined,
      password:
        password === ''
          ? t('cashierCommon.paymentPassword.required')
          : PAYMENT_PASSWORD.test(password)
            ? undefined
            : t('cashierCommon.paymentPassword.format'),
    };
    setProblems(found);
    if (found.account || found.amount || found.password) {
      const form = e.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setReviewing(true);
  };

  const send = () => {
    setStatus(null);
    const key = { payoutAccountId: accountId, amount };
    create.mutate(
      { ...key, paymentPassword: password, requestId: request.idFor(key) },
      {
        onSuccess: (w) => {
          request.settle();
          setReviewing(false);
          setAmount('');
          setPassword('');
          setStatus({ ok: true, text: t('cashier.withdraw.submitted', { orderNo: w.orderNo }) });
        },
        onError: (err) => {
          setReviewing(false);
          setStatus({ ok: false, text: errorText(err) });
        },
      },
    );
  };

  if (reviewing && account) {
    return (
      <div className="sec-confirm" data-testid="withdraw-confirm">
        <p>
          <strong>{t('cashier.withdraw.confirmTitle')}</strong>
        </p>
        <dl className="sec-facts">
          <div>
            <dt>{t('cashier.withdraw.account')}</dt>
            <dd>
              {account.bankName} {account.accountNo}
            </dd>
          </div>
          <div>
            <dt>{t('cashier.bind.accountName')}</dt>
            <dd>{account.accountName}</dd>
          </div>
          <div>
            <dt>{t('cashierCommon.amountLabel')}</dt>
            <dd>{showMoney(fromMinor(toMinor(amount) ?? 0n), symbol)}</dd>
          </div>
        </dl>
        <p className="sec-hint">{t('cashier.withdraw.confirmHint')}</p>
        <div className="sec-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={create.isPending}
            onClick={send}
            data-testid="withdraw-confirm-submit"
          >
            {create.isPending ? t('cashierCommon.working') : t('cashierCommon.confirm')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={create.isPending}
            onClick={() => setReviewing(false)}
          >
            {t('cashierCommon.back')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="sec-form" noValidate onSubmit={review} data-testid="withdraw-form">
      <fieldset className="mc-choices" aria-invalid={problems.account ? true : undefined}>
        <legend className="mc-label">{t('cashier.withdraw.account')}</legend>
        {info.accounts.map((a) => (
          <label key={a.id} className={a.id === accountId ? 'mc-choice active' : 'mc-choice'}>
            <input
              type="radio"
              name="withdraw-account"
              value={a.id}
              checked={a.id === accountId}
              onChange={() => {
                setAccountId(a.id);
                setProblems((p) => ({ ...p, account: undefined }));
              }}
            />
            <span>
              {a.bankName} <span className="mc-mono">{a.accountNo}</span>
            </span>
          </label>
        ))}
        {problems.account && <p className="sec-error">{problems.account}</p>}
      </fieldset>
      <FormField
        id="withdraw-amount"
        label={t('cashierCommon.amountLabel')}
        hint={t('cashier.withdraw.range', {
          min: showMoney(info.minAmount, symbol),
          max: showMoney(info.maxAmount, symbol),
        })}
        error={problems.amount}
      >
        <MoneyInput
          value={amount}
          symbol={symbol}
          onChange={(v) => {
            setAmount(v);
            setProblems((p) => ({ ...p, amount: undefined }));
          }}
        />
      </FormField>
      <PaymentPasswordField
        id="withdraw-password"
        value={password}
        error={problems.password}
        onChange={(v) => {
          setPassword(v);
          setProblems((p) => ({ ...p, password: undefined }));
        }}
      />
      <div className="sec-actions">
        <button type="submit" className="btn btn-primary" data-testid="withdraw-submit">
          {t('cashierCommon.next')}
        </button>
      </div>
      <FormStatus status={status} testId="withdraw-status" />
    </form>
  );
}
