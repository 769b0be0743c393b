import type { AdminPayoutBank, AdminPayoutBanks } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, ConfirmDialog, DataTable, Dialog, Field, errorText, formatNumber, useToast } from '../../ui';

/** Banks and e-wallets members may bind for withdrawals; one in use stays. */
export function PayoutBanksTab() {
  const { t } = useTranslation('channels');
  const { brand } = useSession();
  const list = useQuery({
    queryKey: ['payout-banks', brand],
    queryFn: () => api.get<AdminPayoutBanks>('/payout-banks'),
  });
  const [editing, setEditing] = useState<AdminPayoutBank | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminPayoutBank | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  return (
    <section className="bo-card">
      <div className="bo-channels-head">
        <div>
          <h2>{t('payout.title')}</h2>
          <p className="bo-muted">{t('payout.intro')}</p>
        </div>
        <Button variant="primary" onClick={() => setEditing('new')} disabled={!list.data}>
          {t('payout.add')}
        </Button>
      </div>
      <DataTable
        rows={list.data?.list}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(r) => r.code}
        dense
        empty={t('payout.empty')}
        columns={[
          { key: 'sort', header: t('deposit.sort'), align: 'right', width: '4rem', render: (r) => r.sort },
          { key: 'name', header: t('deposit.name'), render: (r) => <strong>{r.name}</strong> },
          { key: 'code', header: t('form.code'), render: (r) => <span className="bo-mono">{r.code}</span> },
          { key: 'kind', header: t('deposit.kind'), render: (r) => t(`payoutKind.${r.kind}`) },
          {
            key: 'accounts',
            header: t('payout.accounts'),
            align: 'right',
            render: (r) => formatNumber(r.accounts),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            render: (r) => (
              <span className="bo-channels-actions">
                <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
                  {t('deposit.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={r.accounts > 0}
                  title={r.accounts > 0 ? t('payout.inUse') : undefined}
                  onClick={() => setRemoving(r)}
                >
                  {t('payout.remove')}
                </Button>
              </span>
            ),
          },
        ]}
      />
      {editing && list.data && (
        <BankDialog
          bank={editing === 'new' ? null : editing}
          nextSort={Math.max(0, ...list.data.list.map((b) => b.sort + 1))}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('payout.remove')}
        message={removing ? t('payout.removeText', { name: removing.name }) : undefined}
        danger
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await api.del(`/payout-banks/${removing!.code}`);
          toast(t('payout.removed'));
          await qc.invalidateQueries({ queryKey: ['payout-banks'] });
        }}
      />
    </section>
  );
}

function BankDialog({
  bank,
  nextSort,
  onClose,
}: {
  bank: AdminPayoutBank | null;
  nextSort: number;
  onClose(): void;
}) {
  const { t } = useTranslation('channels');
  const [code, setCode] = useState(bank?.code ?? '');
  const [kind, setKind] = useState<AdminPayoutBank['kind']>(bank?.kind ?? 'BANK');
  const [name, setName] = useState(bank?.name ?? '');
  const [sort, setSort] = useState(String(bank?.sort ?? nextSort));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const errors = {
    code: /^[A-Z0-9_]{2,40}$/.test(code.trim()) ? undefined : t('form.codeFormat'),
    name: name.trim() ? undefined : t('payout.nameRequired'),
    sort: /^\d{1,5}$/.test(sort.trim()) ? undefined : t('form.sortFormat'),
  };
  async function save() {
    setTouched(true);
    if (errors.code || errors.name || errors.sort) return;
    setBusy(true);
    setError(null);
    try {
      const body = { kind, name: name.trim(), sort: Number(sort) };
      if (bank) await api.put(`/payout-banks/${bank.code}`, body);
      else await api.post('/payout-banks', { ...body, code: code.trim() });
      toast(t('payout.saved'));
      await qc.invalidateQueries({ queryKey: ['payout-banks'] });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open
      title={bank ? t('payout.editTitle', { name: bank.name }) : t('payout.add')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" busy={busy} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Field
        label={t('form.code')}
        hint={bank ? t('payout.codeFixed') : t('form.codeHint')}
        error={touched ? errors.code : undefined}
      >
        <input
          value={code}
          disabled={bank !== null}
          maxLength={40}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
        />
      </Field>
      <Field label={t('deposit.kind')}>
        <select value={kind} onChange={(e) => setKind(e.target.value as AdminPayoutBank['kind'])}>
          <option value="BANK">{t('payoutKind.BANK')}</option>
          <option value="EWALLET">{t('payoutKind.EWALLET')}</option>
        </select>
      </Field>
      <Field label={t('deposit.name')} error={touched ? errors.name : undefined}>
        <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label={t('deposit.sort')} error={touched ? errors.sort : undefined}>
        <input inputMode="numeric" value={sort} onChange={(e) => setSort(e.target.value)} />
      </Field>
      {error && <p role="alert">{error}</p>}
    </Dialog>
  );
}
