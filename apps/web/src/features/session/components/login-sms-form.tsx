import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLogin } from '../api/login';
import { useSendLoginCode } from '../api/send-login-code';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useErrorText } from '../hooks/use-error-text';
import { CountryCodeSelect } from './country-code-select';
import type { LoginFormProps } from './login-password-form';
import { SendCodeButton } from './send-code-button';
import { TextField } from './text-field';

/** Login by mobile number and SMS code (shown when MOBILEVERCODELOGIN3 is on). */
export function LoginSmsForm({
  defaultDialingCode,
  submit,
  onSuccess,
  idPrefix = 'login',
}: LoginFormProps & { defaultDialingCode: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const login = useLogin();
  const sendCode = useSendLoginCode();
  const completeLogin = useCompleteLogin();
  const call = submit ?? login.mutateAsync;
  const complete = onSuccess ?? completeLogin;
  const [failure, setFailure] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        countryDialingCode: z.string().min(1),
        mobileNum: z
          .string()
          .trim()
          .min(1, t('auth.validation.mobileRequired'))
          .regex(/^\d{5,15}$/, t('auth.validation.mobileInvalid')),
        verificationCode: z
          .string()
          .trim()
          .min(1, t('auth.validation.codeRequired'))
          .regex(/^\d{4,12}$/, t('auth.validation.codeInvalid')),
        remember: z.boolean(),
      }),
    [t],
  );
  type Values = z.infer<typeof schema>;
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      countryDialingCode: defaultDialingCode,
      mobileNum: '',
      verificationCode: '',
      remember: false,
    },
  });

  // The number is checked before a code is asked for (SPEC section 5).
  const send = async () => {
    setFailure(null);
    if (!(await trigger('mobileNum'))) return null;
    const { countryDialingCode, mobileNum } = getValues();
    const sent = await sendCode.mutateAsync({ countryDialingCode, mobileNum: mobileNum.trim() });
    return sent.expiredMinutes;
  };

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      complete(
        await call({
          type: 'sms',
          countryDialingCode: v.countryDialingCode,
          mobileNum: v.mobileNum,
          verificationCode: v.verificationCode,
          remember: v.remember,
        }),
      );
    } catch (err) {
      setFailure(errorText(err));
    }
  });

  return (
    <form
      className="auth-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid={`${idPrefix}-sms-form`}
    >
      <TextField
        id={`${idPrefix}-mobile`}
        label={t('auth.fields.mobileNum')}
        required
        error={errors.mobileNum?.message}
        inputProps={{
          ...register('mobileNum'),
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel-national',
          placeholder: t('auth.placeholders.mobileNum'),
        }}
        before={
          <Controller
            control={control}
            name="countryDialingCode"
            render={({ field }) => (
              <CountryCodeSelect
                id={`${idPrefix}-country`}
                label={t('auth.fields.countryCode')}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        }
      />
      <TextField
        id={`${idPrefix}-code`}
        label={t('auth.fields.verificationCode')}
        required
        error={errors.verificationCode?.message}
        inputProps={{
          ...register('verificationCode'),
          type: 'text',
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 12,
          placeholder: t('auth.placeholders.verificationCode'),
        }}
        after={
          <SendCodeButton
            send={send}
            onError={(err) => setFailure(errorText(err))}
            testId={`${idPrefix}-send-code`}
          />
        }
      />
      <label className="check">
        <input type="checkbox" {...register('remember')} />
        {t('auth.login.remember')}
      </label>
      {failure && (
        <p className="form-error" role="alert" data-testid={`${idPrefix}-error`}>
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={isSubmitting}
        data-testid={`${idPrefix}-sms-submit`}
      >
        {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </button>
    </form>
  );
}
