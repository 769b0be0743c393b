import type { LoginRequest, LoginResult } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { usePopups } from '../../../lib/popups';
import { getLastUser } from '../../../lib/session';
import { useLogin } from '../api/login';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useErrorText } from '../hooks/use-error-text';
import { CaptchaImage } from './captcha-image';
import { TextField } from './text-field';
import type { VerifyLoginData } from './verify-login-modal';

/** Whether a failed login asks for the captcha (SPEC section 4: "if the response carries captcha"). */
function needsCaptcha(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const value = err.value as { captchaRequired?: boolean } | undefined;
  return (
    !!value?.captchaRequired || err.code === 'login.captcha.required' || err.code === 'login.captcha.invalid'
  );
}

export interface LoginFormProps {
  /** The login call (the site's by default; the agent page sends the agent login). */
  submit?: (body: LoginRequest) => Promise<LoginResult>;
  /** What a started session does next (by default what every site login does). */
  onSuccess?: (result: LoginResult) => void;
  /** Prefix of the element ids and test ids. */
  idPrefix?: string;
}

/**
 * Login by username and password, with remember-me, the captcha once the server asks for it and
 * the extra verification a new IP asks for.
 */
export function LoginPasswordForm({ submit, onSuccess, idPrefix = 'login' }: LoginFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const login = useLogin();
  const completeLogin = useCompleteLogin();
  const call = submit ?? login.mutateAsync;
  const complete = onSuccess ?? completeLogin;
  const show = usePopups((s) => s.show);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        username: z.string().trim().min(1, t('auth.validation.usernameRequired')),
        // Passwords are sent as typed: a space may be part of one.
        password: z.string().min(1, t('auth.validation.passwordRequired')),
        captcha: captchaShown
          ? z.string().trim().min(1, t('auth.validation.captchaRequired'))
          : z.string().optional(),
        remember: z.boolean(),
      }),
    [t, captchaShown],
  );
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: getLastUser() ?? '', password: '', captcha: '', remember: false },
  });

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      complete(
        await call({
          type: 'username',
          username: v.username,
          password: v.password,
          captcha: captchaShown ? v.captcha : undefined,
          remember: v.remember,
        }),
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'login.verification.required') {
        const data: VerifyLoginData = {
          pending: err.value as VerifyLoginData['pending'],
          remember: v.remember,
        };
        show('verifyLogin', data);
        return;
      }
      // Any attempt uses the shown captcha up: a failure always brings a new image.
      if (captchaShown || needsCaptcha(err)) {
        setCaptchaShown(true);
        setCaptchaRound((n) => n + 1);
        resetField('captcha');
      }
      setFailure(errorText(err));
    }
  });

  return (
    <form
      className="auth-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid={`${idPrefix}-form`}
    >
      <TextField
        id={`${idPrefix}-username`}
        label={t('auth.fields.username')}
        required
        error={errors.username?.message}
        inputProps={{
          ...register('username'),
          type: 'text',
          autoComplete: 'username',
          autoCapitalize: 'none',
          spellCheck: false,
          placeholder: t('auth.placeholders.username'),
        }}
      />
      <TextField
        id={`${idPrefix}-password`}
        label={t('auth.fields.password')}
        required
        error={errors.password?.message}
        inputProps={{
          ...register('password'),
          type: 'password',
          autoComplete: 'current-password',
          placeholder: t('auth.placeholders.password'),
        }}
      />
      {captchaShown && (
        <TextField
          id={`${idPrefix}-captcha`}
          label={t('auth.fields.captcha')}
          required
          error={errors.captcha?.message}
          hint={t('auth.captcha.hint')}
          inputProps={{
            ...register('captcha'),
            type: 'text',
            autoComplete: 'off',
            autoCapitalize: 'characters',
            inputMode: 'text',
            maxLength: 16,
          }}
          after={<CaptchaImage round={captchaRound} />}
        />
      )}
      <label className="check">
        <input type="checkbox" {...register('remember')} data-testid="remember-me" />
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
        data-testid={`${idPrefix}-submit`}
      >
        {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </button>
    </form>
  );
}
