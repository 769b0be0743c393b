import {
  SUB_ACCOUNT_TYPES,
  subAccountRequestSchema,
  type RegisterField,
  type SubAccount,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type ComponentPropsWithRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRegisterSubAccount } from '../../../features/agent/api/register-sub-account';
import { RegisterFieldInput } from '../../../features/member/components/register-field';
import { useRuleText } from '../../../features/member/hooks/use-rule-text';
import {
  planRegisterForm,
  registerSchema,
  type RegisterValues,
} from '../../../features/member/register-plan';
import { FIELD_OF_CODE, serverFieldErrors } from '../../../features/member/server-field-errors';
import { authKit } from '../../../features/session/components/auth-kit';
import { ApiError } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { usePopups } from '../../../lib/popups';

/** Fields a sub-account never has: the agent vouches for it (no code, captcha or invitation). */
const SKIPPED = new Set<RegisterField>([
  'captcha',
  'verificationCode',
  'affiliateCode',
  'recommenderId',
  'paymentPassword',
]);

const INPUT: Partial<Record<RegisterField, ComponentPropsWithRef<'input'>>> = {
  username: { type: 'text', autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
  mobileNum: { type: 'tel', inputMode: 'numeric', autoComplete: 'off' },
  email: { type: 'email', autoComplete: 'off' },
  qqNum: { type: 'text', inputMode: 'numeric' },
  whatsapp: { type: 'tel', inputMode: 'numeric' },
};

type AccountType = (typeof SUB_ACCOUNT_TYPES)[number];

/**
 * Register account (agent centre): a new member or agent account under the agent, checked by the
 * brand's registration rules (the member feature's plan and zod schema, messages in the user's
 * language), the request then shaped by the contract's schema and sent encrypted.
 */
export function RegisterAccountPage() {
  const { t } = useTranslation('agent');
  const { t: ts } = useTranslation();
  const brand = useBrand();
  const { translate, text } = useRuleText();
  const errorText = useErrorText();
  const show = usePopups((s) => s.show);
  const create = useRegisterSubAccount();
  const [accountType, setAccountType] = useState<AccountType>('MEMBER');
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<SubAccount | null>(null);

  const plan = useMemo(
    () =>
      planRegisterForm(brand.register, {
        mode: 'username',
        smsVerification: false,
        affiliateField: false,
      }).filter((p) => !SKIPPED.has(p.field)),
    [brand.register],
  );
  const schema = useMemo(
    () =>
      registerSchema(plan, {
        translate,
        mismatch: ts('auth.validation.passwordMismatch'),
        codeRequired: ts('auth.validation.codeRequired'),
        terms: ts('auth.register.termsRequired'),
      }),
    [plan, translate, ts],
  );
  const defaultDialingCode = authKit.initialDialingCode({ timezone: brand.timezone });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...Object.fromEntries(plan.map((p) => [p.field, ''])),
      countryDialingCode: defaultDialingCode,
      terms: true,
    },
  });
  const has = (field: string) => plan.some((p) => p.field === field);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const raw: Record<string, unknown> = { accountType };
    for (const p of plan) {
      const value = values[p.field];
      if (value) raw[p.field] = value;
    }
    if (values.mobileNum) raw.countryDialingCode = values.countryDialingCode;
    const body = subAccountRequestSchema.safeParse(raw);
    if (!body.success) {
      setFailure(ts('errors.system'));
      return;
    }
    try {
      setCreated(await create.mutateAsync(body.data));
      reset();
    } catch (err) {
      const fields = serverFieldErrors(err).filter((f) => has(f.field));
      for (const f of fields) {
        const message =
          f.reason === 'mismatch'
            ? ts('auth.validation.passwordMismatch')
            : f.patternId
              ? text({ patternId: f.patternId, minLength: f.min ?? 0, maxLength: f.max ?? 0 })
              : errorText(err);
        setError(f.field as RegisterField, { message }, { shouldFocus: fields[0] === f });
      }
      const field = err instanceof ApiError ? FIELD_OF_CODE[err.code] : undefined;
      if (field && has(field))
        setError(field as RegisterField, { message: errorText(err) }, { shouldFocus: true });
      else if (fields.length === 0) setFailure(errorText(err));
    }
  });

  if (created) {
    return (
      <div className="sec-page" data-testid="register-account">
        <h3 className="sec-page-title">{t('menu.registerAccount')}</h3>
        <section className="sec-card mc-result" role="status" data-testid="register-account-done">
          <h4>{t('register.done', { account: created.account })}</h4>
          <p className="sec-desc">{t('register.firstLogin')}</p>
          <div className="sec-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => show('agentCentre', { page: 'teamManagement' })}
              data-testid="register-account-team"
            >
              {t('register.toTeam')}
            </button>
            <button type="button" className="btn" onClick={() => setCreated(null)}>
              {t('register.another')}
            </button>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="sec-page" data-testid="register-account">
      <h3 className="sec-page-title">{t('menu.registerAccount')}</h3>
      <p className="sec-desc">{t('register.lead')}</p>
      <form
        className="auth-form ag-register"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        data-testid="register-account-form"
      >
        <fieldset className="ag-type">
          <legend>{t('register.type')}</legend>
          {SUB_ACCOUNT_TYPES.map((type) => (
            <label key={type} className="check">
              <input
                type="radio"
                name="accountType"
                value={type}
                checked={accountType === type}
                onChange={() => setAccountType(type)}
                data-testid={`register-type-${type}`}
              />
              {t(`register.types.${type}`)}
            </label>
          ))}
        </fieldset>
        {plan.map((p) => (
          <RegisterFieldInput
            key={p.field}
            kit={authKit}
            p={p}
            idPrefix="sub"
            input={INPUT}
            register={register}
            control={control}
            errors={errors}
          />
        ))}
        {failure && (
          <p className="form-error" role="alert" data-testid="register-account-error">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={isSubmitting}
          data-testid="register-account-submit"
        >
          {isSubmitting ? t('register.submitting') : t('register.submit')}
        </button>
      </form>
    </div>
  );
}
