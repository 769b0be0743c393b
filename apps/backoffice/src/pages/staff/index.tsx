import { ROLES, type Role } from '@app/contracts';
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
  type BadgeTone,
  FormFoot,
} from '../../ui';

export interface StaffRow {
  id: string;
  username: string;
  displayName: string;
  status: 'ACTIVE' | 'DISABLED' | 'LOCKED';
  roles: string[];
  platformOwner: boolean;
  totpEnrolled: boolean;
  lastLoginAt: string | null;
}

const STATUS_TONE: Record<StaffRow['status'], BadgeTone> = {
  ACTIVE: 'success',
  DISABLED: 'neutral',
  LOCKED: 'danger',
};
const KEY = ['staff'] as const;

export default function StaffPage() {
  return (
    <RequirePermission permission="staff.manage">
      <StaffList />
    </RequirePermission>
  );
}

type Pending =
  | { kind: 'disable' | 'enable' | 'reset'; row: StaffRow }
  | { kind: 'role'; row: StaffRow; role: Role | null };

function StaffList() {
  const { t } = useTranslation('staff');
  const { brand, session } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const list = useQuery({ queryKey: [...KEY, brand], queryFn: () => api.get<StaffRow[]>('/staff') });
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [revealed, setRevealed] = useState<{ username: string; password: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  async function run(p: Pending) {
    if (p.kind === 'role') {
      await api.put(`/staff/${p.row.id}/role`, { role: p.role });
      toast(t('roleChanged', { name: p.row.username }));
    } else if (p.kind === 'reset') {
      const r = await api.post<{ oneTimePassword: string }>(`/staff/${p.row.id}/reset`);
      setRevealed({ username: p.row.username, password: r.oneTimePassword });
    } else {
      await api.post(`/staff/${p.row.id}/${p.kind}`);
      toast(t(p.kind === 'disable' ? 'disabledDone' : 'enabledDone', { name: p.row.username }));
    }
    await refresh();
  }

  const self = session?.staff.id;
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
        columns={[
          {
            key: 'user',
            header: t('user'),
            render: (r) => (
              <>
                <strong>{r.username}</strong>
                <div className="bo-muted">{r.displayName}</div>
              </>
            ),
          },
          {
            key: 'role',
            header: t('role'),
            render: (r) =>
              r.platformOwner ? (
                <Badge tone="info">{t('platformOwner')}</Badge>
              ) : (
                <select
                  aria-label={t('roleOf', { name: r.username })}
                  value={r.roles[0] ?? ''}
                  disabled={r.id === self}
                  onChange={(e) =>
                    setPending({
                      kind: 'role',
                      row: r,
                      role: e.target.value === '' ? null : (e.target.value as Role),
                    })
                  }
                >
                  <option value="">{t('noAccess')}</option>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`roles.${role}`)}
                    </option>
                  ))}
                </select>
              ),
          },
          {
            key: 'status',
            header: t('status'),
            render: (r) => <Badge tone={STATUS_TONE[r.status]}>{t(`statuses.${r.status}`)}</Badge>,
          },
          {
            key: 'totp',
            header: t('totp'),
            render: (r) =>
              r.totpEnrolled ? t('common.yes') : <Badge tone="warning">{t('common.no')}</Badge>,
          },
          { key: 'last', header: t('lastLogin'), render: (r) => <DateTime value={r.lastLoginAt} /> },
          {
            key: 'actions',
            header: t('common.actions'),
            align: 'right',
            render: (r) =>
              r.id === self || r.platformOwner ? null : (
                <div className="bo-row-actions">
                  {r.status === 'DISABLED' ? (
                    <Button size="sm" onClick={() => setPending({ kind: 'enable', row: r })}>
                      {t('enable')}
                    </Button>
                  ) : (
                    <Button size="sm" onClick={() => setPending({ kind: 'disable', row: r })}>
                      {t('disable')}
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'reset', row: r })}>
                    {t('reset')}
                  </Button>
                </div>
              ),
          },
        ]}
      />
      <CreateStaffDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(username, password) => {
          void refresh();
          if (password) setRevealed({ username, password });
          else toast(t('grantAdded', { name: username }));
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? confirmTitle(pending, t) : ''}
        message={pending ? confirmMessage(pending, t) : ''}
        danger={
          pending?.kind === 'disable' ||
          pending?.kind === 'reset' ||
          (pending?.kind === 'role' && !pending.role)
        }
        onClose={() => setPending(null)}
        onConfirm={() => (pending ? run(pending) : Promise.resolve())}
      />
      <Dialog open={revealed !== null} title={t('oneTimePasswordTitle')} onClose={() => setRevealed(null)}>
        {revealed && (
          <>
            <SecretReveal
              label={t('oneTimePasswordFor', { name: revealed.username })}
              value={revealed.password}
              testId="one-time-password"
            />
            <div className="bo-dialog-foot">
              <Button variant="primary" onClick={() => setRevealed(null)}>
                {t('done')}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}

type T = ReturnType<typeof useTranslation<'staff'>>['t'];
function confirmTitle(p: Pending, t: T): string {
  if (p.kind === 'role') return t('confirmRoleTitle');
  return t(`confirm.${p.kind}`, { name: p.row.username });
}
function confirmMessage(p: Pending, t: T): string {
  if (p.kind === 'role')
    return p.role
      ? t('confirmRole', { name: p.row.username, role: t(`roles.${p.role}`) })
      : t('confirmNoAccess', { name: p.row.username });
  return t(`confirmText.${p.kind}`);
}

function CreateStaffDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(username: string, oneTimePassword: string | null): void;
}) {
  const { t } = useTranslation('staff');
  const schema = z.object({
    username: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/, t('usernameRule')),
    displayName: z.string().trim().min(1, t('required')).max(80),
    role: z.enum(ROLES),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', displayName: '', role: 'support' },
  });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const r = await api.post<{ id: string; oneTimePassword: string | null }>('/staff', v);
      form.reset();
      onClose();
      onCreated(v.username, r.oneTimePassword);
    } catch (e) {
      setError(errorText(e));
    }
  });
  return (
    <Dialog open={open} title={t('create')} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('username')} error={form.formState.errors.username?.message} hint={t('usernameHint')}>
          <input autoComplete="off" autoFocus {...form.register('username')} />
        </Field>
        <Field label={t('displayName')} error={form.formState.errors.displayName?.message}>
          <input autoComplete="off" {...form.register('displayName')} />
        </Field>
        <Field label={t('role')} error={form.formState.errors.role?.message}>
          <select {...form.register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </Field>
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
