import { zodResolver } from '@hookform/resolvers/zod';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  Button,
  ConfirmDialog,
  DataTable,
  DateTime,
  Dialog,
  Field,
  PageHeader,
  errorText,
  useToast,
  FormFoot,
} from '../../ui';
import { PASSWORD_MIN, passwordSchema } from './password-rules';
import { RecoveryCodes } from './recovery-codes';

interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The signed-in staff member's own account: password, passkeys, recovery codes. */
export default function AccountPage() {
  const { t } = useTranslation('auth');
  const { session } = useSession();
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={session ? `${session.staff.displayName} (${session.staff.username})` : null}
      />
      <div className="bo-grid-2">
        <section className="bo-card">
          <h2>{t('changePassword')}</h2>
          <ChangePasswordForm />
        </section>
        <section className="bo-card">
          <h2>{t('recoveryCodes')}</h2>
          <RegenerateRecovery />
        </section>
      </div>
      <section className="bo-card">
        <Passkeys />
      </section>
    </>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const schema = z
    .object({
      currentPassword: z.string().min(1, t('required')),
      newPassword: passwordSchema(t),
      repeat: z.string(),
    })
    .refine((v) => v.newPassword === v.repeat, { path: ['repeat'], message: t('passwordsDiffer') });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema) });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await api.post('/me/password', { currentPassword: v.currentPassword, newPassword: v.newPassword });
      form.reset({ currentPassword: '', newPassword: '', repeat: '' });
      toast(t('passwordChanged'));
    } catch (e) {
      setError(errorText(e));
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Field label={t('currentPassword')} error={form.formState.errors.currentPassword?.message}>
        <input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </Field>
      <Field
        label={t('newPassword')}
        error={form.formState.errors.newPassword?.message}
        hint={t('passwordRule', { min: PASSWORD_MIN })}
      >
        <input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <Field label={t('repeatPassword')} error={form.formState.errors.repeat?.message}>
        <input type="password" autoComplete="new-password" {...form.register('repeat')} />
      </Field>
      {error && (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
        {t('changePassword')}
      </Button>
    </form>
  );
}

function RegenerateRecovery() {
  const { t } = useTranslation('auth');
  const schema = z.object({ code: z.string().regex(/^\d{6}$/, t('codeFormat')) });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema) });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const r = await api.post<{ recoveryCodes: string[] }>('/me/recovery-codes', v);
      form.reset({ code: '' });
      setCodes(r.recoveryCodes);
    } catch (e) {
      setError(errorText(e));
    }
  });
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <p className="bo-muted">{t('regenerateIntro')}</p>
      <Field label={t('code')} error={form.formState.errors.code?.message}>
        <input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.register('code')} />
      </Field>
      {error && (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" busy={form.formState.isSubmitting}>
        {t('regenerate')}
      </Button>
    </form>
  );
}

function Passkeys() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['me', 'passkeys'], queryFn: () => api.get<Passkey[]>('/me/passkeys') });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => api.del(`/me/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'passkeys'] }),
  });
  return (
    <>
      <div className="bo-section-head">
        <h2>{t('passkeys')}</h2>
        <Button size="sm" variant="primary" onClick={() => setAdding(true)}>
          {t('addPasskey')}
        </Button>
      </div>
      <p className="bo-muted">{t('passkeysIntro')}</p>
      <DataTable
        rows={list.data}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(p) => p.id}
        empty={t('noPasskeys')}
        columns={[
          { key: 'name', header: t('passkeyName'), render: (p) => p.name },
          { key: 'created', header: t('createdAt'), render: (p) => <DateTime value={p.createdAt} /> },
          { key: 'used', header: t('lastUsedAt'), render: (p) => <DateTime value={p.lastUsedAt} /> },
          {
            key: 'remove',
            header: '',
            align: 'right',
            render: (p) => (
              <Button size="sm" variant="ghost" onClick={() => setRemoving(p)}>
                {t('remove')}
              </Button>
            ),
          },
        ]}
      />
      <AddPasskeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          toast(t('passkeyAdded'));
          void queryClient.invalidateQueries({ queryKey: ['me', 'passkeys'] });
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('removePasskey')}
        message={removing?.name}
        danger
        confirmLabel={t('remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await remove.mutateAsync(removing.id);
        }}
      />
    </>
  );
}

function AddPasskeyDialog({ open, onClose, onAdded }: { open: boolean; onClose(): void; onAdded(): void }) {
  const { t } = useTranslation('auth');
  const schema = z.object({ name: z.string().trim().min(1, t('required')).max(60) });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>('/me/passkeys/options');
      const response = await startRegistration({ optionsJSON });
      await api.post('/me/passkeys', { name: v.name, response });
      form.reset({ name: '' });
      onAdded();
      onClose();
    } catch (e) {
      setError(e instanceof Error && e.name !== 'ApiError' ? t('passkeyFailed') : errorText(e));
    }
  });
  return (
    <Dialog open={open} title={t('addPasskey')} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={t('passkeyName')}
          error={form.formState.errors.name?.message}
          hint={t('passkeyNameHint')}
        >
          <input autoFocus {...form.register('name')} />
        </Field>
        <FormFoot
          error={error}
          onCancel={onClose}
          submitLabel={t('addPasskey')}
          busy={form.formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}
