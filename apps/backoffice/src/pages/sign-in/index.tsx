import { zodResolver } from '@hookform/resolvers/zod';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { z } from 'zod';
import { api } from '../../api/client';
import type { Session } from '../../api/types';
import { useSession } from '../../auth/session';
import { LANGUAGE_NAMES, currentLanguage, setLanguage, type UiLanguage } from '../../i18n';
import { Button, Field, errorText } from '../../ui';
import { PASSWORD_MIN, passwordSchema } from '../account/password-rules';
import { RecoveryCodes } from '../account/recovery-codes';
import { FirstOwnerSetup } from '../brands/setup';

type Step = 'CHANGE_PASSWORD' | 'ENROL_TOTP' | 'SECOND_FACTOR';
interface LoginStep {
  step: Step;
  challenge: string;
  passkeys: boolean;
}
interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

/**
 * Staff sign-in: password, then what the server asks for next (a new password, TOTP enrolment with
 * recovery codes shown once, or the second factor: TOTP code, recovery code or passkey).
 */
export default function SignInPage() {
  const { session, endReason, setSession } = useSession();
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [step, setStep] = useState<LoginStep | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  // Recovery codes are shown once, before the app opens, even though the session already exists.
  if (session && !codes) return <Navigate to={from} replace />;

  async function finish() {
    setSession(await api.get<Session>('/auth/session'));
  }

  return (
    <div className="bo-signin">
      <div className="bo-signin-card">
        <div className="bo-signin-head">
          <h1>{t('signIn')}</h1>
          <select
            value={currentLanguage()}
            onChange={(e) => void setLanguage(e.target.value as UiLanguage)}
            aria-label={t('topbar.language')}
          >
            {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {codes ? (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              setCodes(null);
              void finish();
            }}
          />
        ) : !step ? (
          <>
            {endReason === 'expired' && (
              <p className="bo-notice" role="status">
                {t('expired')}
              </p>
            )}
            <Credentials onNext={setStep} />
            <FirstOwnerSetup />
          </>
        ) : step.step === 'CHANGE_PASSWORD' ? (
          <ChangePassword step={step} onNext={setStep} />
        ) : step.step === 'ENROL_TOTP' ? (
          <EnrolTotp step={step} onCodes={setCodes} />
        ) : (
          <SecondFactor step={step} onSession={(s) => setSession(s)} onRestart={() => setStep(null)} />
        )}
      </div>
    </div>
  );
}

function useFormError() {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    clear: () => setError(null),
    fail: (e: unknown) => setError(errorText(e)),
    node: error ? (
      <p className="bo-form-error" role="alert">
        {error}
      </p>
    ) : null,
  };
}

function Credentials({ onNext }: { onNext(s: LoginStep): void }) {
  const { t } = useTranslation('auth');
  const schema = z.object({
    username: z.string().trim().min(1, t('required')),
    password: z.string().min(1, t('required')),
  });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema) });
  const err = useFormError();
  const submit = form.handleSubmit(async (v) => {
    err.clear();
    try {
      onNext(await api.post<LoginStep>('/auth/login', v));
    } catch (e) {
      err.fail(e);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Field label={t('username')} error={form.formState.errors.username?.message}>
        <input autoComplete="username" autoFocus {...form.register('username')} />
      </Field>
      <Field label={t('password')} error={form.formState.errors.password?.message}>
        <input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      {err.node}
      <Button type="submit" variant="primary" busy={form.formState.isSubmitting} className="bo-btn-block">
        {t('signIn')}
      </Button>
    </form>
  );
}

function ChangePassword({ step, onNext }: { step: LoginStep; onNext(s: LoginStep): void }) {
  const { t } = useTranslation('auth');
  const schema = z
    .object({ newPassword: passwordSchema(t), repeat: z.string() })
    .refine((v) => v.newPassword === v.repeat, { path: ['repeat'], message: t('passwordsDiffer') });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema) });
  const err = useFormError();
  const submit = form.handleSubmit(async (v) => {
    err.clear();
    try {
      onNext(
        await api.post<LoginStep>('/auth/password', {
          challenge: step.challenge,
          newPassword: v.newPassword,
        }),
      );
    } catch (e) {
      err.fail(e);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <p>{t('mustChangePassword')}</p>
      <Field
        label={t('newPassword')}
        error={form.formState.errors.newPassword?.message}
        hint={t('passwordRule', { min: PASSWORD_MIN })}
      >
        <input type="password" autoComplete="new-password" autoFocus {...form.register('newPassword')} />
      </Field>
      <Field label={t('repeatPassword')} error={form.formState.errors.repeat?.message}>
        <input type="password" autoComplete="new-password" {...form.register('repeat')} />
      </Field>
      {err.node}
      <Button type="submit" variant="primary" busy={form.formState.isSubmitting} className="bo-btn-block">
        {t('continue')}
      </Button>
    </form>
  );
}

const codeSchema = (t: (k: 'codeFormat') => string) => z.string().regex(/^\d{6}$/, t('codeFormat'));

function EnrolTotp({ step, onCodes }: { step: LoginStep; onCodes(codes: string[]): void }) {
  const { t } = useTranslation('auth');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const err = useFormError();
  const [starting, setStarting] = useState(false);
  const schema = z.object({ code: codeSchema(t) });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema) });

  async function start() {
    setStarting(true);
    err.clear();
    try {
      setEnrolment(await api.post<Enrolment>('/auth/totp/enrol', { challenge: step.challenge }));
    } catch (e) {
      err.fail(e);
    } finally {
      setStarting(false);
    }
  }
  const submit = form.handleSubmit(async (v) => {
    err.clear();
    try {
      const r = await api.post<{ recoveryCodes: string[] }>('/auth/totp/confirm', {
        challenge: step.challenge,
        code: v.code,
      });
      onCodes(r.recoveryCodes);
    } catch (e) {
      err.fail(e);
    }
  });

  if (!enrolment)
    return (
      <div>
        <p>{t('enrolIntro')}</p>
        {err.node}
        <Button variant="primary" busy={starting} onClick={() => void start()} className="bo-btn-block">
          {t('enrolStart')}
        </Button>
      </div>
    );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <p>{t('enrolScan')}</p>
      <img src={enrolment.qrDataUrl} alt={t('qrAlt')} className="bo-qr" width={200} height={200} />
      <p className="bo-muted">{t('enrolSecret')}</p>
      <p className="bo-mono bo-secret" data-testid="totp-secret">
        {enrolment.secret}
      </p>
      <Field label={t('code')} error={form.formState.errors.code?.message}>
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          {...form.register('code')}
        />
      </Field>
      {err.node}
      <Button type="submit" variant="primary" busy={form.formState.isSubmitting} className="bo-btn-block">
        {t('confirmCode')}
      </Button>
    </form>
  );
}

function SecondFactor({
  step,
  onSession,
  onRestart,
}: {
  step: LoginStep;
  onSession(s: Session): void;
  onRestart(): void;
}) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const err = useFormError();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const schema = z.object({
    value:
      mode === 'totp'
        ? codeSchema(t)
        : z.string().trim().min(10, t('recoveryFormat')).max(20, t('recoveryFormat')),
  });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), values: { value: '' } });

  const submit = form.handleSubmit(async (v) => {
    err.clear();
    try {
      const body =
        mode === 'totp'
          ? { challenge: step.challenge, code: v.value }
          : { challenge: step.challenge, recoveryCode: v.value.trim() };
      onSession(await api.post<Session>('/auth/verify', body));
    } catch (e) {
      err.fail(e);
    }
  });

  async function passkey() {
    setPasskeyBusy(true);
    err.clear();
    try {
      const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('/auth/passkey/options', {
        challenge: step.challenge,
      });
      const response = await startAuthentication({ optionsJSON });
      onSession(await api.post<Session>('/auth/passkey/verify', { challenge: step.challenge, response }));
    } catch (e) {
      // The browser's own failures (cancelled, no authenticator) are DOMExceptions with a message.
      err.fail(e instanceof Error && e.name !== 'ApiError' ? new Error(t('passkeyFailed')) : e);
    } finally {
      setPasskeyBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <p>{mode === 'totp' ? t('enterCode') : t('enterRecovery')}</p>
      <Field
        label={mode === 'totp' ? t('code') : t('recoveryCode')}
        error={form.formState.errors.value?.message}
      >
        <input
          key={mode}
          inputMode={mode === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoFocus
          {...form.register('value')}
        />
      </Field>
      {err.node}
      <Button type="submit" variant="primary" busy={form.formState.isSubmitting} className="bo-btn-block">
        {t('verify')}
      </Button>
      <div className="bo-signin-alt">
        <Button variant="ghost" size="sm" onClick={() => setMode(mode === 'totp' ? 'recovery' : 'totp')}>
          {mode === 'totp' ? t('useRecovery') : t('useCode')}
        </Button>
        {step.passkeys && (
          <Button size="sm" busy={passkeyBusy} onClick={() => void passkey()}>
            {t('usePasskey')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onRestart}>
          {t('startOver')}
        </Button>
      </div>
    </form>
  );
}
