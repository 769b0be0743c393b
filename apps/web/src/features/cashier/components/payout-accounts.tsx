import { CASHIER_LIMITS, type WithdrawInfo } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { PaymentPasswordField } from '../../../components/ui/payment-password-field';
import { TextInput } from '../../../components/ui/text-input';
import { useErrorText } from '../../../lib/error-text';
import { useBindPayoutAccount } from '../api/bind-payout-account';

const ACCOUNT_NO = /^\d{6,24}$/;
const PAYMENT_PASSWORD = /^\d{6}$/;
const NAME_MIN = 2;
const NAME_MAX = 100;

type Problems = Partial<Record<'bankCode' | 'accountNo' | 'accountName' | 'paymentPassword', string>>;

/** Bind a bank or e-wallet account: the name must be the member's real name (payee name). */
function BindAccountForm({ info, onDone }: { info: WithdrawInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const bind = useBindPayoutAccount();
  const locked = !!info.payeeName;
  const [values, setValues] = useState({
    bankCode: '',
    accountNo: '',
    accountName: info.payeeName ?? '',
    paymentPassword: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<Status>(null);
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const name = values.accountName.trim();
    const found: Problems = {
      bankCode: values.bankCode ? undefined : t('cashier.bind.bankRequired'),
      accountNo: ACCOUNT_NO.test(values.accountNo.trim()) ? undefined : t('cashier.bind.accountNoRule'),
      accountName:
        [...name].length >= NAME_MIN && [...name].length <= NAME_MAX
          ? undefined
          : t('cashier.bind.accountNameRule', { min: NAME_MIN, max: NAME_MAX }),
      paymentPassword:
        values.paymentPassword === ''
          ? t('cashierCommon.paymentPassword.required')
          : PAYMENT_PASSWORD.test(values.paymentPassword)
            ? undefined
            : t('cashierCommon.paymentPassword.format'),
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) {
      const form = e.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    bind.mutate(
      {
        bankCode: values.bankCode,
        accountNo: values.accountNo.trim(),
        accountName: name,
        paymentPassword: values.paymentPassword,
      },
      {
        onSuccess: () => onDone(),
        onError: (err) => setStatus({ ok: false, text: errorText(err) }),
      },
    );
  };

  const kinds = (['BANK', 'EWALLET'] as const).filter((k) => info.banks.some((b) => b.kind === k));
  return (
    <form className="sec-form" noValidate onSubmit={submit} data-testid="bind-form">
      <FormField id="bind-bank" label={t('cashier.bind.bank')} error={problems.bankCode}>
        <select
          className="mc-select"
          value={values.bankCode}
          onChange={(e) => set('bankCode')(e.target.value)}
        >
          <option value="">{t('cashier.bind.chooseBank')}</option>
          {kinds.map((k) => (
            <optgroup key={k} label={t(`cashier.bind.kind.${k}`)}>
              {info.banks
                .filter((b) => b.kind === k)
                .map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </FormField>
      <FormField
        id="bind-account-no"
        label={t('cashier.bind.accountNo')}
        hint={t('cashier.bind.accountNoRule')}
        error={problems.accountNo}
      >
        <TextInput
          inputMode="numeric"
          autoComplete="off"
          maxLength={24}
          value={values.accountNo}
          onChange={(e) => set('accountNo')(e.target.value.replace(/\s/g, ''))}
        />
      </FormField>
      <FormField
        id="bind-account-name"
        label={t('cashier.bind.accountName')}
        hint={locked ? t('cashier.bind.nameLocked') : t('cashier.bind.nameFirst')}
        error={problems.accountName}
      >
        <TextInput
          value={values.accountName}
          readOnly={locked}
          maxLength={NAME_MAX}
          autoComplete="name"
          onChange={(e) => set('accountName')(e.target.value)}
        />
      </FormField>
      <PaymentPasswordField
        id="bind-password"
        value={values.paymentPassword}
        error={problems.paymentPassword}
        onChange={set('paymentPassword')}
      />
      <div className="sec-actions">
        <button type="submit" className="btn btn-primary" disabled={bind.isPending} data-testid="bind-submit">
          {bind.isPending ? t('cashierCommon.working') : t('cashier.bind.submit')}
        </button>
      </div>
      <FormStatus status={status} testId="bind-status" />
    </form>
  );
}

/** The bound payout accounts, and the form to bind another (up to the limit). */
export function PayoutAccounts({ info, canBind }: { info: WithdrawInfo; canBind: boolean }) {
  const { t } = useTranslation();
  const [binding, setBinding] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const room = info.accounts.length < CASHIER_LIMITS.maxPayoutAccounts;

  return (
    <section className="sec-card" aria-labelledby="payout-accounts-title" data-testid="payout-accounts">
      <header className="sec-card-head">
        <h4 id="payout-accounts-title">{t('cashier.bind.title')}</h4>
        {canBind && room && !binding && (
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              setStatus(null);
              setBinding(true);
            }}
            data-testid="bind-open"
          >
            {t('cashier.bind.open')}
          </button>
        )}
      </header>
      {info.accounts.length === 0 ? (
        <p className="sec-desc" data-testid="payout-accounts-empty">
          {t('cashier.bind.none')}
        </p>
      ) : (
        <ul className="mc-accounts">
          {info.accounts.map((a) => (
            <li key={a.id} className="mc-account" data-testid="payout-account">
              <strong>{a.bankName}</strong>
              <span className="mc-mono">{a.accountNo}</span>
              <span className="mc-muted">{a.accountName}</span>
            </li>
          ))}
        </ul>
      )}
      {!room && (
        <p className="sec-hint">{t('cashier.bind.limit', { max: CASHIER_LIMITS.maxPayoutAccounts })}</p>
      )}
      {binding && (
        <BindAccountForm
          info={info}
          onDone={() => {
            setBinding(false);
            setStatus({ ok: true, text: t('cashier.bind.done') });
          }}
        />
      )}
      <FormStatus status={status} testId="payout-accounts-status" />
    </section>
  );
}
