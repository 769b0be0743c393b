import type { MemberInfo } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetPaymentPassword } from '../api/set-payment-password';
import { useErrorText } from '../hooks/use-error-text';
import { useFormFields } from '../hooks/use-form-fields';
import { useProblemText } from '../hooks/use-problem-text';
import { checkConfirm, checkRequired, checkSixDigits } from '../validation';
import { Field } from './field';
import { FormStatus, type Status } from './form-status';
import { Section } from './section';

/** Sets or changes the 6-digit payment password (withdrawals, point redemptions). */
export function PaymentPasswordSection({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('security');
  const { problemText } = useProblemText();
  const errorText = useErrorText();
  const save = useSetPaymentPassword();
  const [status, setStatus] = useState<Status>(null);
  const form = useFormFields({ password: '', newPaymentPassword: '', confirmPaymentPassword: '' });
  const { values, problems } = form;
  const has = info.hasPaymentPassword;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const ok = form.validate(
      {
        password: checkRequired(values.password),
        newPaymentPassword: checkSixDigits(values.newPaymentPassword),
        confirmPaymentPassword: checkConfirm(values.confirmPaymentPassword, values.newPaymentPassword),
      },
      e.currentTarget,
    );
    if (!ok) return;
    save.mutate(
      { password: values.password, newPaymentPassword: values.newPaymentPassword },
      {
        onSuccess: () => {
          form.reset();
          setStatus({ ok: true, text: t('payment.saved') });
        },
        onError: (err) => setStatus({ ok: false, text: errorText(err) }),
      },
    );
  };

  return (
    <Section
      id="sec-payment"
      title={t('payment.title')}
      badge={{ text: has ? t('status.set') : t('status.notSet'), on: has }}
      description={t('payment.description')}
    >
      <form className="sec-form" noValidate onSubmit={submit}>
        <Field
          id="sec-payment-login"
          type="password"
          label={t('common.loginPassword')}
          autoComplete="current-password"
          error={problemText(problems.password)}
          {...form.input('password')}
        />
        <div className="sec-row">
          <Field
            id="sec-payment-new"
            className="sec-field-grow"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            label={has ? t('payment.newChange') : t('payment.new')}
            hint={t('payment.rule')}
            error={problemText(problems.newPaymentPassword)}
            {...form.input('newPaymentPassword')}
          />
          <Field
            id="sec-payment-confirm"
            className="sec-field-grow"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            label={t('payment.confirm')}
            error={problemText(problems.confirmPaymentPassword)}
            {...form.input('confirmPaymentPassword')}
          />
        </div>
        <div className="sec-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending}
            data-testid="sec-payment-save"
          >
            {save.isPending ? t('common.saving') : has ? t('payment.change') : t('payment.set')}
          </button>
        </div>
        <FormStatus status={status} testId="sec-payment-status" />
      </form>
    </Section>
  );
}
