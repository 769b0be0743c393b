import type { MemberInfo } from '@app/contracts';
import { useEffect, useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { useChangeMobile } from '../api/change-mobile';
import { useSendMobileCode } from '../api/send-mobile-code';
import { useErrorText } from '../hooks/use-error-text';
import { useFormFields } from '../hooks/use-form-fields';
import { useProblemText } from '../hooks/use-problem-text';
import {
  checkDialingCode,
  checkRequired,
  checkRule,
  checkSixDigits,
  maskMobile,
  ruleFor,
} from '../validation';
import { Field } from './field';
import { FormStatus, type Status } from './form-status';
import { Section } from './section';

/** Seconds before another code may be requested. */
const RESEND_SECONDS = 60;

function MobileForm({ info, onDone }: { info: MemberInfo; onDone: () => void }) {
  const { t } = useTranslation('security');
  const brand = useBrand();
  const { problemText, ruleHint } = useProblemText();
  const errorText = useErrorText();
  const send = useSendMobileCode();
  const change = useChangeMobile();
  const [status, setStatus] = useState<Status>(null);
  const [wait, setWait] = useState(0);
  const form = useFormFields({
    countryDialingCode: info.countryDialingCode ?? '',
    mobileNum: '',
    verificationCode: '',
    password: '',
  });
  const { values, problems } = form;
  const mobileRule = ruleFor(brand.register, 'mobileNum');
  const dialing = values.countryDialingCode.trim().replace(/^\+/, '');
  const mobile = values.mobileNum.trim();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const numberProblems = () => ({
    countryDialingCode: checkDialingCode(dialing),
    mobileNum:
      checkRule(mobileRule, mobile, true) ??
      (dialing === (info.countryDialingCode ?? '') && mobile === info.mobileNum
        ? ({ kind: 'sameNumber' } as const)
        : null),
  });

  const sendCode = (e: MouseEvent<HTMLButtonElement>) => {
    setStatus(null);
    // The number is checked before a code is requested (SPEC section 5).
    if (!form.validate(numberProblems(), e.currentTarget.form)) return;
    send.mutate(
      { countryDialingCode: dialing, mobileNum: mobile },
      {
        onSuccess: ({ expiredMinutes }) => {
          setWait(RESEND_SECONDS);
          setStatus({ ok: true, text: t('mobile.codeSent', { minutes: expiredMinutes }) });
        },
        onError: (err) => setStatus({ ok: false, text: errorText(err) }),
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const ok = form.validate(
      {
        ...numberProblems(),
        verificationCode: checkSixDigits(values.verificationCode.trim()),
        password: checkRequired(values.password),
      },
      e.currentTarget,
    );
    if (!ok) return;
    change.mutate(
      {
        countryDialingCode: dialing,
        mobileNum: mobile,
        verificationCode: values.verificationCode.trim(),
        password: values.password,
      },
      {
        onSuccess: onDone,
        onError: (err) => setStatus({ ok: false, text: errorText(err) }),
      },
    );
  };

  return (
    <form className="sec-form" noValidate onSubmit={submit}>
      <div className="sec-row">
        <Field
          id="sec-dialing"
          className="sec-field-dialing"
          label={t('mobile.dialingCode')}
          prefix="+"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-country-code"
          maxLength={5}
          placeholder="63"
          error={problemText(problems.countryDialingCode)}
          {...form.input('countryDialingCode')}
        />
        <Field
          id="sec-mobile-number"
          className="sec-field-grow"
          label={t('mobile.newNumber')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={mobileRule.maxLength}
          hint={ruleHint(mobileRule)}
          error={problemText(problems.mobileNum)}
          {...form.input('mobileNum')}
        />
      </div>
      <div className="sec-row sec-row-end">
        <Field
          id="sec-mobile-code"
          className="sec-field-grow"
          label={t('mobile.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={problemText(problems.verificationCode)}
          {...form.input('verificationCode')}
        />
        <button
          type="button"
          className="btn sec-send"
          disabled={wait > 0 || send.isPending}
          onClick={sendCode}
          data-testid="sec-mobile-send"
        >
          {wait > 0 ? t('mobile.resendIn', { seconds: wait }) : t('mobile.sendCode')}
        </button>
      </div>
      <Field
        id="sec-mobile-password"
        type="password"
        label={t('common.loginPassword')}
        autoComplete="current-password"
        error={problemText(problems.password)}
        {...form.input('password')}
      />
      <div className="sec-actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={change.isPending}
          data-testid="sec-mobile-save"
        >
          {change.isPending ? t('common.saving') : t('mobile.save')}
        </button>
      </div>
      <FormStatus status={status} testId="sec-mobile-status" />
    </form>
  );
}

/** The mobile number; changing it needs a code sent to the new number and the login password. */
export function MobileSection({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('security');
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const formId = useId();
  const has = !!info.mobileNum;

  return (
    <Section
      id="sec-mobile"
      title={t('mobile.title')}
      badge={{ text: has ? t('status.bound') : t('status.notSet'), on: has }}
      description={t('mobile.description')}
    >
      <div className="sec-line">
        <span data-testid="sec-mobile-current">
          {has ? maskMobile(info.countryDialingCode, info.mobileNum!) : t('mobile.none')}
        </span>
        <button
          type="button"
          className="btn btn-sm"
          aria-expanded={editing}
          aria-controls={formId}
          onClick={() => {
            setEditing((v) => !v);
            setStatus(null);
          }}
          data-testid="sec-mobile-toggle"
        >
          {editing ? t('common.cancel') : has ? t('mobile.change') : t('mobile.add')}
        </button>
      </div>
      <div id={formId}>
        {editing && (
          <MobileForm
            info={info}
            onDone={() => {
              setEditing(false);
              setStatus({ ok: true, text: t('mobile.saved') });
            }}
          />
        )}
      </div>
      <FormStatus status={status} testId="sec-mobile-done" />
    </Section>
  );
}
