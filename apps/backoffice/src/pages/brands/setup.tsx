import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Button, CopyButton, Field, errorText } from '../../ui';

const USERNAME = /^[a-z][a-z0-9._-]{2,31}$/;

/**
 * The first owner on an empty platform: while no staff account exists, the sign-in page offers
 * "Set up". The one-time token the server printed at start-up makes a platform owner with a
 * one-time password; the owner then signs in like everyone (new password, then TOTP).
 */
export function FirstOwnerSetup() {
  const { t } = useTranslation('brands');
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: ['setup'],
    queryFn: () => api.get<{ needed: boolean }>('/setup'),
    retry: false,
  });
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState('');
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<{ username: string; oneTimePassword: string } | null>(null);
  // Once the owner exists the offer is gone for good (the server says so too after a refetch).
  const [done, setDone] = useState(false);

  if (made)
    return (
      <div className="bo-card" data-testid="setup-done">
        <h2>{t('setup.doneTitle')}</h2>
        <p>{t('setup.doneText', { username: made.username })}</p>
        <p>
          <code className="bo-mono" data-testid="setup-password">
            {made.oneTimePassword}
          </code>{' '}
          <CopyButton text={made.oneTimePassword} />
        </p>
        <Button
          variant="primary"
          onClick={() => {
            setMade(null);
            setDone(true);
            void queryClient.invalidateQueries({ queryKey: ['setup'] });
          }}
        >
          {t('setup.toSignIn')}
        </Button>
      </div>
    );
  if (done || !state.data?.needed) return null;
  if (!open)
    return (
      <div className="bo-notice" role="status">
        <p>{t('setup.needed')}</p>
        <Button onClick={() => setOpen(true)} data-testid="setup-open">
          {t('setup.open')}
        </Button>
      </div>
    );

  const errors: Record<string, string> = {};
  if (token.trim().length < 10) errors.token = t('errors.required');
  if (!USERNAME.test(username.trim().toLowerCase())) errors.username = t('errors.staffUsername');
  if (!displayName.trim()) errors.displayName = t('errors.required');
  const shown = (k: string) => (touched ? errors[k] : undefined);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setError(null);
    try {
      setMade(
        await api.post<{ username: string; oneTimePassword: string }>('/setup', {
          token: token.trim(),
          username: username.trim().toLowerCase(),
          displayName: displayName.trim(),
        }),
      );
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="bo-card" onSubmit={(e) => void submit(e)} noValidate data-testid="setup-form">
      <h2>{t('setup.title')}</h2>
      <p className="bo-muted">{t('setup.hint')}</p>
      <Field label={t('setup.token')} error={shown('token')}>
        <input value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" name="token" />
      </Field>
      <Field label={t('setup.username')} error={shown('username')}>
        <input
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
          name="username"
        />
      </Field>
      <Field label={t('setup.displayName')} error={shown('displayName')}>
        <input value={displayName} onChange={(e) => setDisplayName(e.target.value)} name="displayName" />
      </Field>
      {error && (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="bo-page-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {t('setup.submit')}
        </Button>
        <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
      </div>
    </form>
  );
}
