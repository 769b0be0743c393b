import { PERMISSIONS, type Permission } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../api/client';
import { RequirePermission, useSession } from '../../auth/session';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  DateTime,
  Dialog,
  Field,
  PageHeader,
  SecretReveal,
  errorText,
  useToast,
  FormFoot,
} from '../../ui';

interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
const KEY = ['api-keys'] as const;

export default function ApiKeysPage() {
  return (
    <RequirePermission permission="apikeys.manage">
      <ApiKeys />
    </RequirePermission>
  );
}

function ApiKeys() {
  const { t } = useTranslation('apikeys');
  const { brand } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const list = useQuery({ queryKey: [...KEY, brand], queryFn: () => api.get<ApiKeyRow[]>('/api-keys') });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', { brand })}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('create')}
          </Button>
        }
      />
      <DataTable
        rows={list.data}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(r) => r.id}
        empty={t('none')}
        columns={[
          {
            key: 'name',
            header: t('name'),
            render: (r) => (
              <>
                <strong>{r.name}</strong>
                <div className="bo-mono bo-muted">{r.prefix}…</div>
              </>
            ),
          },
          {
            key: 'permissions',
            header: t('permissions'),
            render: (r) => <span className="bo-perm-list">{r.permissions.join(', ')}</span>,
          },
          { key: 'by', header: t('createdBy'), render: (r) => r.createdBy },
          { key: 'at', header: t('createdAt'), render: (r) => <DateTime value={r.createdAt} /> },
          { key: 'used', header: t('lastUsedAt'), render: (r) => <DateTime value={r.lastUsedAt} /> },
          {
            key: 'state',
            header: t('state'),
            render: (r) =>
              r.revokedAt ? (
                <Badge tone="neutral">{t('revoked')}</Badge>
              ) : (
                <Badge tone="success">{t('active')}</Badge>
              ),
          },
          {
            key: 'actions',
            header: '',
            align: 'right',
            render: (r) =>
              r.revokedAt ? null : (
                <Button size="sm" variant="danger" onClick={() => setRevoking(r)}>
                  {t('revoke')}
                </Button>
              ),
          },
        ]}
      />
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(name, key) => {
          setCreated({ name, key });
          void refresh();
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('revokeTitle', { name: revoking?.name })}
        message={t('revokeText')}
        danger
        confirmLabel={t('revoke')}
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          await api.del(`/api-keys/${revoking.id}`);
          toast(t('revokedDone', { name: revoking.name }));
          await refresh();
        }}
      />
      <Dialog open={created !== null} title={t('createdTitle')} onClose={() => setCreated(null)}>
        {created && (
          <>
            <SecretReveal
              label={t('createdText', { name: created.name })}
              value={created.key}
              testId="api-key"
            />
            <div className="bo-dialog-foot">
              <Button variant="primary" onClick={() => setCreated(null)}>
                {t('done')}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}

function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(name: string, key: string): void;
}) {
  const { t } = useTranslation('apikeys');
  const { can } = useSession();
  // A key can only carry permissions its maker holds on this brand (the server refuses more).
  const own = PERMISSIONS.filter((p) => can(p));
  const schema = z.object({
    name: z.string().trim().min(1, t('required')).max(80),
    permissions: z.array(z.enum(PERMISSIONS)).min(1, t('pickOne')),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', permissions: [] },
  });
  const [error, setError] = useState<string | null>(null);
  const chosen = form.watch('permissions');
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const r = await api.post<{ id: string; key: string }>('/api-keys', v);
      form.reset();
      onClose();
      onCreated(v.name, r.key);
    } catch (e) {
      setError(errorText(e));
    }
  });
  const toggle = (p: Permission, on: boolean) =>
    form.setValue('permissions', on ? [...chosen, p] : chosen.filter((x) => x !== p), {
      shouldValidate: true,
    });
  return (
    <Dialog open={open} title={t('create')} onClose={onClose} wide>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('name')} error={form.formState.errors.name?.message} hint={t('nameHint')}>
          <input autoComplete="off" autoFocus {...form.register('name')} />
        </Field>
        <fieldset className="bo-fieldset">
          <legend>{t('permissions')}</legend>
          <div className="bo-perm-grid">
            {own.map((p) => (
              <label key={p} className="bo-check">
                <input
                  type="checkbox"
                  checked={chosen.includes(p)}
                  onChange={(e) => toggle(p, e.target.checked)}
                />
                <span className="bo-mono">{p}</span>
              </label>
            ))}
          </div>
          {form.formState.errors.permissions && (
            <small className="bo-field-error" role="alert">
              {form.formState.errors.permissions.message}
            </small>
          )}
        </fieldset>
        <FormFoot
          error={error}
          onCancel={onClose}
          submitLabel={t('create')}
          busy={form.formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}
