import {
  LANGUAGES,
  type AdminPaymentChannel,
  type AdminPaymentChannels,
  type PaymentChannelInput,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  Field,
  Money,
  formatNumber,
  useToast,
} from '../../ui';

/** The form's text, checked here before the server checks it again. */
interface Draft {
  code: string;
  kind: 'BANK' | 'ONLINE';
  name: Record<string, string>;
  minAmount: string;
  maxAmount: string;
  feePercent: string;
  feeFixed: string;
  presets: string;
  bankName: string;
  accountName: string;
  accountNo: string;
  gateway: string;
  providerChannel: string;
  logo: string;
  enabled: boolean;
  sort: string;
}

const AMOUNT = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

const toDraft = (c: AdminPaymentChannel | null, sort: number): Draft => ({
  code: c?.code ?? '',
  kind: c?.kind ?? 'BANK',
  name: Object.fromEntries(LANGUAGES.map((l) => [l, c?.name[l] ?? ''])),
  minAmount: c ? String(c.minAmount) : '',
  maxAmount: c ? String(c.maxAmount) : '',
  feePercent: c ? String(c.feePercent) : '0',
  feeFixed: c ? String(c.feeFixed) : '0',
  presets: c ? c.presets.join(', ') : '',
  bankName: c?.bankName ?? '',
  accountName: c?.accountName ?? '',
  accountNo: c?.accountNo ?? '',
  gateway: c?.gateway ?? '',
  providerChannel: c?.providerChannel ?? '',
  logo: c?.logo ?? '',
  enabled: c?.enabled ?? true,
  sort: String(c?.sort ?? sort),
});

const presetsOf = (d: Draft) =>
  d.presets
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

const toBody = (d: Draft): PaymentChannelInput => ({
  code: d.code.trim(),
  kind: d.kind,
  name: Object.fromEntries(Object.entries(d.name).filter(([, v]) => v.trim() !== '')),
  minAmount: d.minAmount.trim(),
  maxAmount: d.maxAmount.trim(),
  feePercent: Number(d.feePercent),
  feeFixed: d.feeFixed.trim(),
  presets: presetsOf(d),
  bankName: d.bankName.trim() || null,
  accountName: d.accountName.trim() || null,
  accountNo: d.accountNo.trim() || null,
  gateway: d.gateway || null,
  providerChannel: d.providerChannel.trim() || null,
  logo: d.logo.trim() || null,
  enabled: d.enabled,
  sort: Number(d.sort),
});

/** The brand's deposit channels: what members are offered on the deposit page, in this order. */
export function ChannelsTab() {
  const { t } = useTranslation('channels');
  const { brand } = useSession();
  const list = useQuery({
    queryKey: ['channels', brand],
    queryFn: () => api.get<AdminPaymentChannels>('/payment-channels'),
  });
  const [editing, setEditing] = useState<AdminPaymentChannel | 'new' | null>(null);
  const [toggling, setToggling] = useState<AdminPaymentChannel | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const rows = list.data?.list;
  return (
    <section className="bo-card">
      <div className="bo-channels-head">
        <div>
          <h2>{t('deposit.title')}</h2>
          <p className="bo-muted">{t('deposit.intro')}</p>
        </div>
        <Button variant="primary" onClick={() => setEditing('new')} disabled={!list.data}>
          {t('deposit.add')}
        </Button>
      </div>
      <DataTable
        rows={rows}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(r) => r.id}
        dense
        empty={t('deposit.empty')}
        columns={[
          { key: 'sort', header: t('deposit.sort'), align: 'right', width: '4rem', render: (r) => r.sort },
          {
            key: 'name',
            header: t('deposit.name'),
            render: (r) => (
              <>
                <strong>{r.name.EN ?? r.code}</strong>
                <div className="bo-mono bo-muted">{r.code}</div>
              </>
            ),
          },
          { key: 'kind', header: t('deposit.kind'), render: (r) => t(`kind.${r.kind}`) },
          {
            key: 'limits',
            header: t('deposit.limits'),
            align: 'right',
            render: (r) => (
              <>
                <Money value={r.minAmount} /> – <Money value={r.maxAmount} />
                <div className="bo-muted">
                  {t('deposit.fee')} {r.feePercent}% + <Money value={r.feeFixed} />
                </div>
              </>
            ),
          },
          {
            key: 'presets',
            header: t('deposit.presets'),
            render: (r) => (r.presets.length ? r.presets.map((p) => formatNumber(p)).join(' · ') : '—'),
          },
          {
            key: 'where',
            header: t('deposit.where'),
            render: (r) =>
              r.kind === 'BANK' ? (
                <>
                  {r.bankName} <span className="bo-mono">{r.accountNo}</span>
                </>
              ) : (
                <span className="bo-mono">
                  {r.gateway}
                  {r.providerChannel ? ` / ${r.providerChannel}` : ''}
                </span>
              ),
          },
          {
            key: 'enabled',
            header: t('deposit.status'),
            render: (r) => (
              <>
                <Badge tone={r.enabled ? 'success' : 'neutral'}>
                  {r.enabled ? t('deposit.on') : t('deposit.off')}
                </Badge>
                <div className="bo-muted">
                  {t('deposit.deposits')}: {formatNumber(r.deposits)}
                </div>
              </>
            ),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            render: (r) => (
              <span className="bo-channels-actions">
                <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
                  {t('deposit.edit')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setToggling(r)}>
                  {r.enabled ? t('deposit.switchOff') : t('deposit.switchOn')}
                </Button>
              </span>
            ),
          },
        ]}
      />
      {editing && list.data && (
        <ChannelDialog
          channel={editing === 'new' ? null : editing}
          gateways={list.data.gateways}
          nextSort={Math.max(0, ...list.data.list.map((c) => c.sort + 1))}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.enabled ? t('deposit.switchOff') : t('deposit.switchOn')}
        message={
          toggling
            ? t(toggling.enabled ? 'deposit.offText' : 'deposit.onText', {
                name: toggling.name.EN ?? toggling.code,
              })
            : undefined
        }
        danger={toggling?.enabled}
        onClose={() => setToggling(null)}
        onConfirm={async () => {
          const c = toggling!;
          await api.put(`/payment-channels/${c.id}`, toBody({ ...toDraft(c, c.sort), enabled: !c.enabled }));
          toast(t('deposit.saved'));
          await qc.invalidateQueries({ queryKey: ['channels'] });
        }}
      />
    </section>
  );
}

function ChannelDialog({
  channel,
  gateways,
  nextSort,
  onClose,
}: {
  channel: AdminPaymentChannel | null;
  gateways: string[];
  nextSort: number;
  onClose(): void;
}) {
  const { t } = useTranslation('channels');
  const [d, setD] = useState<Draft>(() => toDraft(channel, nextSort));
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const qc = useQueryClient();
  const toast = useToast();
  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });
  const min = Number(d.minAmount);
  const max = Number(d.maxAmount);
  const errors: Partial<Record<keyof Draft | 'nameEN', string>> = {};
  if (!/^[A-Z0-9_]{2,40}$/.test(d.code.trim())) errors.code = t('form.codeFormat');
  if (!d.name.EN?.trim()) errors.nameEN = t('form.nameRequired');
  if (!AMOUNT.test(d.minAmount.trim()) || min <= 0) errors.minAmount = t('form.amountFormat');
  if (!AMOUNT.test(d.maxAmount.trim()) || max <= 0) errors.maxAmount = t('form.amountFormat');
  else if (!errors.minAmount && min > max) errors.maxAmount = t('form.minMax');
  const fee = Number(d.feePercent);
  if (
    d.feePercent.trim() === '' ||
    !(fee >= 0 && fee < 100) ||
    !/^\d{1,2}(\.\d{1,2})?$/.test(d.feePercent.trim())
  )
    errors.feePercent = t('form.feeFormat');
  if (!AMOUNT.test(d.feeFixed.trim())) errors.feeFixed = t('form.amountFormat');
  const presets = presetsOf(d);
  if (presets.length > 10) errors.presets = t('form.presetsMany');
  else if (presets.some((p) => !AMOUNT.test(p) || Number(p) < min || Number(p) > max))
    errors.presets = t('form.presetsRange');
  if (d.kind === 'BANK' && (!d.bankName.trim() || !d.accountName.trim() || !d.accountNo.trim()))
    errors.accountNo = t('form.bankRequired');
  if (d.kind === 'ONLINE' && !d.gateway) errors.gateway = t('form.gatewayRequired');
  if (d.logo.trim() && !/^(\/\S*|https:\/\/\S+)$/.test(d.logo.trim())) errors.logo = t('form.logoFormat');
  if (!/^\d{1,5}$/.test(d.sort.trim())) errors.sort = t('form.sortFormat');
  const invalid = Object.keys(errors).length > 0;
  const err = (k: keyof typeof errors) => (touched ? errors[k] : undefined);
  return (
    <Dialog
      open
      wide
      title={channel ? t('form.editTitle', { name: channel.name.EN ?? channel.code }) : t('deposit.add')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              setTouched(true);
              if (!invalid) setConfirming(true);
            }}
          >
            {t('common.save')}
          </Button>
        </>
      }
    >
      <div className="bo-channels-grid">
        <Field label={t('form.code')} hint={t('form.codeHint')} error={err('code')}>
          <input
            value={d.code}
            maxLength={40}
            onChange={(e) => set({ code: e.target.value.toUpperCase() })}
          />
        </Field>
        <Field label={t('deposit.kind')}>
          <select value={d.kind} onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}>
            <option value="BANK">{t('kind.BANK')}</option>
            <option value="ONLINE">{t('kind.ONLINE')}</option>
          </select>
        </Field>
        <Field label={t('deposit.sort')} error={err('sort')}>
          <input inputMode="numeric" value={d.sort} onChange={(e) => set({ sort: e.target.value })} />
        </Field>
        <div className="bo-field">
          <label className="bo-check">
            <input type="checkbox" checked={d.enabled} onChange={(e) => set({ enabled: e.target.checked })} />{' '}
            {t('form.enabled')}
          </label>
        </div>
      </div>
      <fieldset className="bo-channels-names">
        <legend>{t('form.names')}</legend>
        {LANGUAGES.map((l) => (
          <Field key={l} label={t(`lang.${l}`)} error={l === 'EN' ? err('nameEN') : undefined}>
            <input
              value={d.name[l] ?? ''}
              maxLength={80}
              placeholder={l === 'EN' ? undefined : d.name.EN}
              onChange={(e) => set({ name: { ...d.name, [l]: e.target.value } })}
            />
          </Field>
        ))}
        <p className="bo-muted">{t('form.namesHint')}</p>
      </fieldset>
      <div className="bo-channels-grid">
        <Field label={t('form.min')} error={err('minAmount')}>
          <input
            inputMode="decimal"
            value={d.minAmount}
            onChange={(e) => set({ minAmount: e.target.value })}
          />
        </Field>
        <Field label={t('form.max')} error={err('maxAmount')}>
          <input
            inputMode="decimal"
            value={d.maxAmount}
            onChange={(e) => set({ maxAmount: e.target.value })}
          />
        </Field>
        <Field label={t('form.feePercent')} error={err('feePercent')}>
          <input
            inputMode="decimal"
            value={d.feePercent}
            onChange={(e) => set({ feePercent: e.target.value })}
          />
        </Field>
        <Field label={t('form.feeFixed')} error={err('feeFixed')}>
          <input inputMode="decimal" value={d.feeFixed} onChange={(e) => set({ feeFixed: e.target.value })} />
        </Field>
      </div>
      <Field label={t('form.presets')} hint={t('form.presetsHint')} error={err('presets')}>
        <input value={d.presets} onChange={(e) => set({ presets: e.target.value })} />
      </Field>
      {d.kind === 'BANK' ? (
        <div className="bo-channels-grid">
          <Field label={t('form.bankName')}>
            <input value={d.bankName} maxLength={100} onChange={(e) => set({ bankName: e.target.value })} />
          </Field>
          <Field label={t('form.accountName')}>
            <input
              value={d.accountName}
              maxLength={100}
              onChange={(e) => set({ accountName: e.target.value })}
            />
          </Field>
          <Field label={t('form.accountNo')} error={err('accountNo')}>
            <input value={d.accountNo} maxLength={60} onChange={(e) => set({ accountNo: e.target.value })} />
          </Field>
        </div>
      ) : (
        <div className="bo-channels-grid">
          <Field label={t('form.gateway')} error={err('gateway')}>
            <select value={d.gateway} onChange={(e) => set({ gateway: e.target.value })}>
              <option value="">{t('form.choose')}</option>
              {gateways.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('form.providerChannel')} hint={t('form.providerChannelHint')}>
            <input
              value={d.providerChannel}
              maxLength={64}
              onChange={(e) => set({ providerChannel: e.target.value.toUpperCase() })}
            />
          </Field>
        </div>
      )}
      <Field label={t('form.logo')} hint={t('form.logoHint')} error={err('logo')}>
        <input value={d.logo} maxLength={300} onChange={(e) => set({ logo: e.target.value })} />
      </Field>
      <ConfirmDialog
        open={confirming}
        title={t('form.confirmTitle')}
        message={t('form.confirmText', { name: d.name.EN })}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (channel) await api.put(`/payment-channels/${channel.id}`, toBody(d));
          else await api.post('/payment-channels', toBody(d));
          toast(t('deposit.saved'));
          await qc.invalidateQueries({ queryKey: ['channels'] });
          onClose();
        }}
      />
    </Dialog>
  );
}
