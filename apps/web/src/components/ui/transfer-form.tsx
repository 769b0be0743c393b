import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './form-field';
import type { Status } from './form-status';
import { MoneyInput } from './money-input';
import { PaymentPasswordField } from './payment-password-field';

/**
 * The state of a transfer form (amount and payment password, a confirmation step, then the
 * result): `P` holds the problems found on submit, `R` the server's answer.
 */
export function useTransferForm<P extends { amount?: unknown; password?: unknown }, R>() {
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<P>({} as P);
  const [reviewing, setReviewing] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [result, setResult] = useState<R | null>(null);
  return {
    amount,
    password,
    problems,
    reviewing,
    status,
    result,
    setReviewing,
    setStatus,
    setResult,
    /** A new amount clears its problem. */
    changeAmount: (v: string) => {
      setAmount(v);
      setProblems((p) => ({ ...p, amount: undefined }));
    },
    /** A new password clears its problem. */
    changePassword: (v: string) => {
      setPassword(v);
      setProblems((p) => ({ ...p, password: undefined }));
    },
    /** Shows the problems found on submit; with none, moves to the confirmation step. */
    review: (found: P) => {
      setStatus(null);
      setProblems(found);
      if (!found.amount && !found.password) setReviewing(true);
    },
    /** The transfer went through: show its result, and the form starts empty again. */
    done: (r: R) => {
      setResult(r);
      setReviewing(false);
      setAmount('');
      setPassword('');
    },
  };
}

/** The confirmation step before money moves: what will happen, confirm and back. */
export function TransferConfirm({
  testId,
  pending,
  onConfirm,
  onBack,
  children,
}: {
  /** The step's test id; its confirm button gets `${testId}-submit`. */
  testId: string;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
  /** What is about to happen. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="sec-confirm" data-testid={testId}>
      <p>{children}</p>
      <div className="sec-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={pending}
          onClick={onConfirm}
          data-testid={`${testId}-submit`}
        >
          {pending ? t('cashierCommon.working') : t('cashierCommon.confirm')}
        </button>
        <button type="button" className="btn" disabled={pending} onClick={onBack}>
          {t('cashierCommon.back')}
        </button>
      </div>
    </div>
  );
}

/**
 * The amount and payment password of a transfer, with their problems, and Next. The fields are
 * `${idPrefix}-amount` and `${idPrefix}-password`, the button's test id `${idPrefix}-submit`.
 */
export function AmountPasswordForm({
  idPrefix,
  symbol,
  amount,
  password,
  amountError,
  passwordError,
  onAmount,
  onPassword,
  onSubmit,
}: {
  idPrefix: string;
  symbol: string;
  amount: string;
  password: string;
  amountError: string | undefined;
  passwordError: string | undefined;
  onAmount: (v: string) => void;
  onPassword: (v: string) => void;
  onSubmit: (e: FormEvent) => void;
}) {
  const { t } = useTranslation();
  return (
    <form className="sec-form" noValidate onSubmit={onSubmit}>
      <FormField id={`${idPrefix}-amount`} label={t('cashierCommon.amountLabel')} error={amountError}>
        <MoneyInput value={amount} symbol={symbol} onChange={onAmount} />
      </FormField>
      <PaymentPasswordField
        id={`${idPrefix}-password`}
        value={password}
        error={passwordError}
        onChange={onPassword}
      />
      <div className="sec-actions">
        <button type="submit" className="btn btn-primary" data-testid={`${idPrefix}-submit`}>
          {t('cashierCommon.next')}
        </button>
      </div>
    </form>
  );
}
