import type { RegisterField, RegisterRequest } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type ComponentPropsWithRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePopups } from '../../../lib/popups';
import { useSession } from '../../../lib/session';
import { useRegister } from '../api/register';
import { useSignupProtection } from '../api/signup-protection';
import { useSendRegisterCode } from '../api/send-register-code';
import { useErrorText } from '../hooks/use-error-text';
import { useRuleText } from '../hooks/use-rule-text';
import { registerSchema, type PlannedField, type RegisterMode, type RegisterValues } from '../register-plan';
import { FIELD_OF_CODE, serverFieldErrors } from '../server-field-errors';
import type { AuthKit } from './auth-kit';
import { RegisterFieldInput } from './register-field';

/** Input attributes per field: type, keyboard and autofill. */
const INPUT: Partial<Record<RegisterField, ComponentPropsWithRef<'input'>>> = {
  username: { type: 'text', autoComplete: 'username', autoCapitalize: 'none', spellCheck: false },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
  paymentPassword: { type: 'password', inputMode: 'numeric', autoComplete: 'off' },
  mobileNum: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
  verificationCode: { type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code' },
  email: { type: 'email', autoComplete: 'email' },
  payeeName: { type: 'text', autoComplete: 'name' },
  qqNum: { type: 'text', inputMode: 'numeric' },
  whatsapp: { type: 'tel', inputMode: 'numeric' },
  captcha: { type: 'text', autoComplete: 'off', autoCapitalize: 'characters' },
  affiliateCode: { type: 'text', autoCapitalize: 'characters' },
};

interface RegisterFormProps {
  kit: AuthKit;
  mode: RegisterMode;
  plan: PlannedField[];
  /** A valid affiliate code from the URL, sent without showing the field. */
  urlAffiliateCode: string | null;
  referralCode: string | null;
  defaultDialingCode: string;
  panelId: string;
  /** Whether type tabs label this form (it is then their tab panel). */
  tabbed: boolean;
}

/** The registration form of one type (username or mobile), built from the brand's field rules. */
export function RegisterForm({
  kit,
  mode,
  plan,
  urlAffiliateCode,
  referralCode,
  defaultDialingCode,
  panelId,
  tabbed,
}: RegisterFormProps) {
  const { t } = useTranslation();
  const { translate, text } = useRuleText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const close = usePopups((s) => s.close);
  const registerCall = useRegister();
  const sendCode = useSendRegisterCode();
  const [failure, setFailure] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const { SendCodeButton, CaptchaImage } = kit;
  // The date of birth, where the brand checks a minimum age (player protection).
  const signup = useSignupProtection();
  const askBirth = signup.data?.askBirthDate === true;
  const [birth, setBirth] = useState('');
  const [birthError, setBirthError] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      registerSchema(plan, {
        translate,
        mismatch: t('auth.validation.passwordMismatch'),
        codeRequired: t('auth.validation.codeRequired'),
        terms: t('auth.register.termsRequired'),
      }),
    [plan, translate, t],
  );
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...Object.fromEntries(plan.map((p) => [p.field, ''])),
      countryDialingCode: defaultDialingCode,
      terms: true,
    },
  });
  const termsAccepted = useWatch({ control, name: 'terms' });
  const has = (field: RegisterField) => plan.some((p) => p.field === field);

  // The number is checked before a code is asked for (SPEC section 5).
  const send = async () => {
    setFailure(null);
    if (!(await trigger('mobileNum'))) return null;
    const { countryDialingCode, mobileNum = '' } = getValues();
    const sent = await sendCode.mutateAsync({ countryDialingCode, mobileNo: mobileNum.trim() });
    return sent.expiredMinutes;
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setBirthError(null);
    if (askBirth && !birth) {
      setBirthError(t('auth.register.birthDateRequired'));
      return;
    }
    const body: RegisterRequest = {
      registerMethod: 'WEB',
      registerUrl: window.location.href.slice(0, 500),
      domain: window.location.hostname,
      login: true,
      ...(referralCode ? { referralCode } : {}),
      ...(urlAffiliateCode ? { affiliateCode: urlAffiliateCode } : {}),
    };
    for (const p of plan) {
      const value = values[p.field];
      if (value) (body as Record<string, unknown>)[p.field] = value;
    }
    if (values.mobileNum) body.countryDialingCode = values.countryDialingCode;
    if (askBirth && birth) body.dateOfBirth = birth;
    try {
      const result = await registerCall.mutateAsync({ mode, body });
      signIn(result);
      close();
      navigate(paths.home);
    } catch (err) {
      if (has('captcha')) {
        // Any attempt uses the captcha up.
        setCaptchaRound((n) => n + 1);
        resetField('captcha');
      }
      const fields = serverFieldErrors(err).filter((f) => has(f.field as RegisterField));
      for (const f of fields) {
        const message =
          f.reason === 'mismatch'
            ? t('auth.validation.passwordMismatch')
            : f.field === 'verificationCode'
              ? t('auth.validation.codeRequired')
              : f.patternId
                ? text({ patternId: f.patternId, minLength: f.min ?? 0, maxLength: f.max ?? 0 })
                : errorText(err);
        setError(f.field as RegisterField, { message }, { shouldFocus: fields[0] === f });
      }
      if (err instanceof ApiError && err.code === 'register.underage') {
        setBirthError(errorText(err));
        return;
      }
      if (serverFieldErrors(err).some((f) => f.field === 'dateOfBirth')) {
        setBirthError(t('auth.register.birthDateRequired'));
        return;
      }
      const field = err instanceof ApiError ? FIELD_OF_CODE[err.code] : undefined;
      if (field && has(field as RegisterField)) {
        setError(field as RegisterField, { message: errorText(err) }, { shouldFocus: true });
      } else if (fields.length === 0) {
        setFailure(errorText(err));
      }
    }
  });

  const fieldKit = { kit, idPrefix: 'reg', input: INPUT, register, control, errors };
  const renderField = (p: PlannedField) => {
    if (p.field === 'verificationCode') {
      return (
        <RegisterFieldInput
          key={p.field}
          {...fieldKit}
          p={p}
          inputProps={{ maxLength: 255 }}
          after={
            <SendCodeButton
              send={send}
              onError={(err) => setFailure(errorText(err))}
              testId="reg-send-code"
            />
          }
        />
      );
    }
    if (p.field === 'captcha') {
      return (
        <RegisterFieldInput key={p.field} {...fieldKit} p={p} after={<CaptchaImage round={captchaRound} />} />
      );
    }
    if (p.field === 'payeeName') {
      return (
        <RegisterFieldInput
          key={p.field}
          {...fieldKit}
          p={p}
          hint={`${text(p.rule)} ${t('auth.register.payeeNameHint')}`}
        />
      );
    }
    return <RegisterFieldInput key={p.field} {...fieldKit} p={p} />;
  };

  return (
    <form
      id={panelId}
      role={tabbed ? 'tabpanel' : undefined}
      aria-labelledby={tabbed ? `${panelId}-tab-${mode}` : undefined}
      className="auth-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid={`register-form-${mode}`}
    >
      {plan.map(renderField)}
      {askBirth && (
        <kit.TextField
          id="reg-dateOfBirth"
          label={t('auth.register.birthDate')}
          required
          hint={t('auth.register.birthDateHint', { age: signup.data?.minAge ?? 18 })}
          error={birthError ?? undefined}
          inputProps={
            {
              type: 'date',
              value: birth,
              max: new Date().toISOString().slice(0, 10),
              onChange: (e) => {
                setBirth(e.target.value);
                setBirthError(null);
              },
              'data-testid': 'register-birth-date',
            } as React.ComponentPropsWithRef<'input'>
          }
        />
      )}
      <label className="check terms">
        <input type="checkbox" {...register('terms')} data-testid="register-terms" />
        <span>
          {t('auth.register.termsBefore')}{' '}
          <a href={paths.helpSection('term')} target="_blank" rel="noopener">
            {t('auth.register.termsLink')}
          </a>
        </span>
      </label>
      {errors.terms && (
        <p className="field-error" role="alert">
          {errors.terms.message}
        </p>
      )}
      {failure && (
        <p className="form-error" role="alert" data-testid="register-error">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={isSubmitting || !termsAccepted}
        data-testid="register-submit"
      >
        {isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
      </button>
    </form>
  );
}
